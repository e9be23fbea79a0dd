// Builds the consoles the end-to-end tests serve (tests/e2e/servers.ts), one after the other, so
// `npm test` can make them while the unit tests run and Playwright then only serves them
// (E2E_PREBUILT=1). E2E_PORT picks the folders, as it does for Playwright;
// E2E_MOCK_ONLY=1 builds the mock console only. The builds run at `--logLevel warn`, so a clean
// one prints nothing: anything it prints is a warning and fails the run.
import { spawnSync } from 'node:child_process';
import { buildCommand, consoleBuilds } from './servers';

for (const build of consoleBuilds(process.env.E2E_MOCK_ONLY === '1')) {
  const run = spawnSync(`${buildCommand(build)} 2>&1`, {
    shell: true,
    env: { ...process.env, ...build.env },
    encoding: 'utf8',
  });
  const printed = run.stdout.trim();
  if (printed) console.error(printed);
  if (run.status !== 0) process.exit(run.status ?? 1);
  if (printed) {
    console.error(`The ${build.name} build printed the above: a clean build prints no warning.`);
    process.exit(1);
  }
}
