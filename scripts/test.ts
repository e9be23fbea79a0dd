// `npm test`: every check, in stages that fail early and keep both cores of a CI machine busy.
// The browser comes first, so a machine without one (and no way to install one) stops before any
// test with the command that fixes it. Vitest runs its files in one worker on two cores (it keeps
// a core for itself), so the static checks take the other core meanwhile; the end-to-end tests
// then spread over both.
import { spawn } from 'node:child_process';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';

/** Each stage's scripts run side by side; the first one's output shows live, the others' whole. */
const STAGES: readonly (readonly string[])[] = [
  ['test:unit', 'typecheck', 'lint', 'format:check', 'check:bundle'],
  ['test:e2e'],
];

interface Outcome {
  script: string;
  ok: boolean;
  seconds: number;
}

function run(script: string, live: boolean): Promise<Outcome> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script], {
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const outcome = { script, ok: code === 0, seconds: (Date.now() - started) / 1000 };
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      console.info(`${outcome.ok ? '✓' : '✗'} ${script} (${outcome.seconds.toFixed(0)} s)\n`);
      resolve(outcome);
    });
  });
}

async function main(): Promise<number> {
  console.info(`Chromium: ${chromiumLaunchOptions.executablePath}\n`);
  const outcomes: Outcome[] = [];
  for (const stage of STAGES) {
    const results = await Promise.all(stage.map((script, index) => run(script, index === 0)));
    outcomes.push(...results);
    const failed = results.filter((result) => !result.ok).map((result) => result.script);
    if (failed.length > 0) {
      console.error(`npm test: ${failed.join(', ')} failed`);
      return 1;
    }
  }
  const summary = outcomes.map((item) => `${item.script} ${item.seconds.toFixed(0)} s`);
  console.info(`npm test: all passed (${summary.join(', ')})`);
  return 0;
}

main().then((code) => process.exit(code));
