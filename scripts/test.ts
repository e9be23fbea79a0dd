// `npm test`: every check, in stages that fail early and keep both cores of a CI machine busy.
// The browser comes first, so a machine without one (and no way to install one) stops before any
// test with the command that fixes it. Vitest runs its files in two workers (by default it keeps a
// core for itself and runs one): the static checks and the end-to-end tests' production builds
// share the cores with it for their first half minute, then Vitest has both. The bundle check
// reads the server-mode build instead of making its own (the same JavaScript: only the page's
// Content-Security-Policy differs); the check that a production build holds no mock code reads
// the deployment tests' build, made as `npm run build` makes it. The end-to-end tests then only serve those builds
// (E2E_PREBUILT=1) on two workers: a third makes every test slower, not the run shorter.
// Last, the real-Drone suite (tests/drone, tests/contract): its binaries build in the first stage
// (a warm cache makes that instant); without Go it is skipped with one line, except in CI.
import { spawn } from 'node:child_process';
import { goMissing } from '../tests/drone/build';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { consoleBuilds } from '../tests/e2e/servers';

/** A job's commands run one after the other; its name is what the summary calls it. */
interface Job {
  name: string;
  commands: readonly (readonly string[])[];
  env?: Record<string, string>;
}

const npmScript = (script: string, env?: Record<string, string>): Job => ({
  name: script,
  commands: [['npm', 'run', '--silent', script]],
  env,
});

const serverBuild = consoleBuilds(false).find((build) => build.name === 'server')!;
/** What `npm run build` makes (no build-time variable): the deployment tests serve it. */
const deployBuild = consoleBuilds(false).find((build) => build.name === 'deploy')!;

/** Why the real-Drone suite cannot run here, or undefined when it can. */
const noDrone = goMissing();
const droneBinaries: Job[] = noDrone
  ? []
  : [{ name: 'drone binaries', commands: [['npx', 'tsx', 'tests/drone/build.ts']] }];
const realDrone: Job[] = noDrone ? [] : [npmScript('test:drone', { E2E_PREBUILT: '1' })];

/** Each stage's jobs run side by side; the first one's output shows live, the others' whole. */
const STAGES: readonly (readonly Job[])[] = [
  [
    {
      name: 'test:unit',
      commands: [['npm', 'run', '--silent', 'test:unit', '--', '--maxWorkers=2']],
    },
    npmScript('typecheck'),
    npmScript('lint'),
    npmScript('format:check'),
    {
      name: 'e2e builds, check:bundle, check-mock-free',
      commands: [
        ['npx', 'tsx', 'tests/e2e/build.ts'],
        ['npx', 'tsx', 'scripts/check-bundle.ts', serverBuild.outDir],
        ['npx', 'tsx', 'scripts/check-mock-free.ts', deployBuild.outDir],
      ],
    },
    ...droneBinaries,
  ],
  [npmScript('test:e2e', { E2E_PREBUILT: '1' })],
  ...(realDrone.length > 0 ? [realDrone] : []),
];

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

function spawnCommand(job: Job, command: readonly string[], live: boolean, output: Buffer[]) {
  const child = spawn(command[0]!, command.slice(1), {
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...job.env },
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise<boolean>((resolve) => child.on('close', (code) => resolve(code === 0)));
}

async function run(job: Job, live: boolean): Promise<Outcome> {
  const started = Date.now();
  const output: Buffer[] = [];
  let ok = true;
  for (const command of job.commands) {
    ok = await spawnCommand(job, command, live, output);
    if (!ok) break;
  }
  const outcome = { name: job.name, ok, seconds: (Date.now() - started) / 1000 };
  if (output.length > 0) process.stdout.write(Buffer.concat(output));
  console.info(`${outcome.ok ? '✓' : '✗'} ${job.name} (${outcome.seconds.toFixed(0)} s)\n`);
  return outcome;
}

async function main(): Promise<number> {
  console.info(`Chromium: ${chromiumLaunchOptions.executablePath}\n`);
  if (noDrone) {
    // CI must prove the console against a real Drone: a machine that cannot build one fails.
    const line = `real-Drone suite skipped: ${noDrone}; install Go 1.26 to run it`;
    if (process.env.CI) {
      console.error(`npm test: ${line} (CI requires it)`);
      return 1;
    }
    console.info(`${line}\n`);
  }
  const outcomes: Outcome[] = [];
  for (const stage of STAGES) {
    const results = await Promise.all(stage.map((job, index) => run(job, index === 0)));
    outcomes.push(...results);
    const failed = results.filter((result) => !result.ok).map((result) => result.name);
    if (failed.length > 0) {
      console.error(`npm test: ${failed.join(', ')} failed`);
      return 1;
    }
  }
  const summary = outcomes.map((item) => `${item.name} ${item.seconds.toFixed(0)} s`);
  console.info(`npm test: all passed (${summary.join(', ')})`);
  return 0;
}

main().then((code) => process.exit(code));
