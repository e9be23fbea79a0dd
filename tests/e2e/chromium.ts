// One set of launch options for the end-to-end tests, the benchmark and any script that drives a
// browser. Importing it finds (or installs) the browser first (scripts/chromium.ts), so a machine
// without one stops here with the command that fixes it, before any server starts or test runs.
// The flags suit any Chromium, including Debian's, whose binary Playwright does not ship.
import { resolveChromium, thisMachine } from '../../scripts/chromium';

function chromiumOrExit(): string {
  const resolution = resolveChromium(thisMachine());
  if ('error' in resolution) {
    console.error(`\n${resolution.error}\n`);
    process.exit(1);
  }
  // Playwright's workers and any child process reuse the answer instead of searching again.
  process.env.CHROMIUM_PATH = resolution.path;
  return resolution.path;
}

export const chromiumLaunchOptions = {
  executablePath: chromiumOrExit(),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
