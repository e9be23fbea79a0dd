// Finds the Chromium that the end-to-end tests, the benchmark and any script that drives a browser
// launch, and installs one when the machine has none, so `npm ci && npm test` is the whole set-up.
// Order: CHROMIUM_PATH; a Chromium or Chrome already installed; Playwright's own download; Debian's
// package (as root). When nothing works the caller gets one message naming the command that fixes it.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { chromium } from '@playwright/test';

export interface Installer {
  /** The command, as the user would type it. */
  command: string;
  /** Runs it; an error message when it failed. */
  run(): string | undefined;
  /** Where the browser is once the command succeeded. */
  installed(): string;
}

/** What the resolver asks of the machine; tests pass fakes. */
export interface Machine {
  env: Record<string, string | undefined>;
  /** Browsers to look for when CHROMIUM_PATH is unset: names on PATH or absolute paths. */
  candidates: readonly string[];
  /** The absolute path of an executable name or path, when it exists. */
  locate(candidate: string): string | undefined;
  /** Whether `path --version` succeeds: the binary exists, loads its libraries and runs. */
  runs(path: string): boolean;
  /** Installers to try in order, only those that can work on this machine. */
  installers: readonly Installer[];
  /** The command to suggest when nothing worked. */
  fix: string;
  log(message: string): void;
}

export type Resolution = { path: string } | { error: string };

export function resolveChromium(machine: Machine): Resolution {
  const chosen = machine.env.CHROMIUM_PATH;
  if (chosen) {
    return machine.runs(chosen)
      ? { path: chosen }
      : {
          error:
            `CHROMIUM_PATH=${chosen} does not run (\`${chosen} --version\` failed). ` +
            'Point it at a Chromium or Chrome binary, or unset it to let the tests find or install one.',
        };
  }
  for (const candidate of machine.candidates) {
    const path = machine.locate(candidate);
    if (path && machine.runs(path)) return { path };
  }
  const failures: string[] = [];
  for (const installer of machine.installers) {
    machine.log(`No Chromium found: installing one with \`${installer.command}\`...`);
    const failure = installer.run();
    const path = failure ? undefined : installer.installed();
    if (path && machine.runs(path)) return { path };
    failures.push(`\`${installer.command}\` ${failure ?? `left no browser that runs at ${path}`}`);
  }
  return {
    error: [
      'No Chromium or Chrome found for the end-to-end tests, and none could be installed.',
      ...failures.map((failure) => `  ${failure}`),
      `Fix: ${machine.fix}`,
      '  (or set CHROMIUM_PATH to a Chromium or Chrome binary)',
    ].join('\n'),
  };
}

/** The machine this process runs on. CHROMIUM_CANDIDATES replaces the list of places to look. */
export function thisMachine(env = process.env): Machine {
  const debianRoot = isDebian() && process.getuid?.() === 0;
  const installers = [playwrightInstaller(), ...(debianRoot ? [aptInstaller()] : [])];
  return {
    env,
    candidates:
      env.CHROMIUM_CANDIDATES !== undefined
        ? env.CHROMIUM_CANDIDATES.split(delimiter).filter(Boolean)
        : ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', playwrights()],
    locate,
    runs: (path) =>
      spawnSync(path, ['--version'], { stdio: 'ignore', timeout: 30_000 }).status === 0,
    installers,
    fix:
      isDebian() && !debianRoot
        ? 'sudo apt-get install -y chromium'
        : (installers[installers.length - 1]?.command ?? 'npx playwright install chromium'),
    log: (message) => console.info(message),
  };
}

function isDebian(): boolean {
  return existsSync('/etc/debian_version') && locate('apt-get') !== undefined;
}

/** Playwright's own Chromium (under ~/.cache/ms-playwright), installed or not. */
function playwrights(): string {
  return chromium.executablePath();
}

function locate(candidate: string): string | undefined {
  const paths = isAbsolute(candidate)
    ? [candidate]
    : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, candidate));
  return paths.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Runs a command quietly; its last line of output is the error when it fails. */
function run(
  command: string,
  args: readonly string[],
  env?: NodeJS.ProcessEnv,
): string | undefined {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status === 0) return undefined;
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n');
  const reason = output.filter((line) => /error|unable|failed|denied/i.test(line)).at(-1);
  return `failed: ${(reason ?? output.at(-1) ?? result.error?.message ?? `exit ${result.status}`).trim()}`;
}

function playwrightInstaller(): Installer {
  return {
    command: 'npx playwright install chromium',
    run: () => run('npx', ['playwright', 'install', 'chromium']),
    installed: playwrights,
  };
}

function aptInstaller(): Installer {
  const quiet = { DEBIAN_FRONTEND: 'noninteractive' };
  return {
    command: 'apt-get install -y chromium',
    // A fresh image has no package lists yet.
    run: () =>
      run('apt-get', ['update', '-qq'], quiet) ??
      run('apt-get', ['install', '-y', '-qq', 'chromium'], quiet),
    installed: () => '/usr/bin/chromium',
  };
}
