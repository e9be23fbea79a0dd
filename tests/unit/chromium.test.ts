// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { resolveChromium, thisMachine, type Installer, type Machine } from '../../scripts/chromium';

type Outcome = { path: string; runs: boolean } | { failure: string };

/**
 * A machine whose browsers are `installed` (path -> runs?), and whose installers, in order, put a
 * browser somewhere or fail. `ran` counts each installer's runs.
 */
function fakeMachine(options: {
  env?: Record<string, string>;
  candidates?: string[];
  installed?: Record<string, boolean>;
  installers?: Record<string, Outcome>;
}) {
  const installed = { ...options.installed };
  const ran: Record<string, number> = {};
  const logs: string[] = [];
  const installers: Installer[] = Object.entries(options.installers ?? {}).map(
    ([command, outcome]) => ({
      command,
      run: () => {
        ran[command] = (ran[command] ?? 0) + 1;
        if ('failure' in outcome) return outcome.failure;
        installed[outcome.path] = outcome.runs;
        return undefined;
      },
      installed: () => ('path' in outcome ? outcome.path : '/nowhere'),
    }),
  );
  const machine: Machine = {
    env: options.env ?? {},
    candidates: options.candidates ?? ['chromium', 'google-chrome'],
    locate: (candidate) => {
      const path = candidate.startsWith('/') ? candidate : `/usr/bin/${candidate}`;
      return path in installed ? path : undefined;
    },
    runs: (path) => installed[path] === true,
    installers,
    fix: 'sudo apt-get install -y chromium',
    log: (message) => logs.push(message),
  };
  return { machine, ran, logs };
}

const PLAYWRIGHT = 'npx playwright install chromium';
const APT = 'apt-get install -y chromium';

describe('resolveChromium', () => {
  it('takes CHROMIUM_PATH when it runs, without looking further', () => {
    const { machine } = fakeMachine({
      env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
      installed: { '/opt/chrome/chrome': true, '/usr/bin/chromium': true },
    });
    expect(resolveChromium(machine)).toEqual({ path: '/opt/chrome/chrome' });
  });

  it('stops on a CHROMIUM_PATH that does not run, naming it, instead of searching or installing', () => {
    const { machine, ran } = fakeMachine({
      env: { CHROMIUM_PATH: '/typo/chrome' },
      installed: { '/usr/bin/chromium': true },
      installers: { [PLAYWRIGHT]: { path: '/pw/chrome', runs: true } },
    });
    expect(resolveChromium(machine)).toEqual({
      error: expect.stringContaining('CHROMIUM_PATH=/typo/chrome does not run'),
    });
    expect(ran).toEqual({});
  });

  it('takes the first candidate that is installed and runs', () => {
    const { machine } = fakeMachine({
      candidates: ['chromium', 'chromium-browser', 'google-chrome'],
      installed: { '/usr/bin/chromium': false, '/usr/bin/google-chrome': true },
    });
    expect(resolveChromium(machine)).toEqual({ path: '/usr/bin/google-chrome' });
  });

  it('installs with the first installer that leaves a browser that runs, saying so', () => {
    const { machine, ran, logs } = fakeMachine({
      installers: {
        [PLAYWRIGHT]: { failure: 'failed: getaddrinfo ENOTFOUND cdn.playwright.dev' },
        [APT]: { path: '/usr/bin/chromium', runs: true },
      },
    });
    expect(resolveChromium(machine)).toEqual({ path: '/usr/bin/chromium' });
    expect(ran).toEqual({ [PLAYWRIGHT]: 1, [APT]: 1 });
    expect(logs).toEqual([
      `No Chromium found: installing one with \`${PLAYWRIGHT}\`...`,
      `No Chromium found: installing one with \`${APT}\`...`,
    ]);
  });

  it('runs no later installer once one worked', () => {
    const { machine, ran } = fakeMachine({
      installers: {
        [PLAYWRIGHT]: { path: '/pw/chrome', runs: true },
        [APT]: { path: '/usr/bin/chromium', runs: true },
      },
    });
    expect(resolveChromium(machine)).toEqual({ path: '/pw/chrome' });
    expect(ran).toEqual({ [PLAYWRIGHT]: 1 });
  });

  it('names each failure and the fix when nothing can be found or installed', () => {
    const { machine } = fakeMachine({
      installed: { '/usr/bin/chromium': false },
      installers: {
        [PLAYWRIGHT]: { path: '/pw/chrome', runs: false },
        [APT]: { failure: 'failed: E: Unable to locate package chromium' },
      },
    });
    const resolution = resolveChromium(machine);
    expect('error' in resolution && resolution.error.split('\n')).toEqual([
      'No Chromium or Chrome found for the end-to-end tests, and none could be installed.',
      `  \`${PLAYWRIGHT}\` left no browser that runs at /pw/chrome`,
      `  \`${APT}\` failed: E: Unable to locate package chromium`,
      'Fix: sudo apt-get install -y chromium',
      '  (or set CHROMIUM_PATH to a Chromium or Chrome binary)',
    ]);
  });
});

describe('thisMachine', () => {
  it('looks only where CHROMIUM_CANDIDATES says, so a test can hide every browser', () => {
    expect(thisMachine({ CHROMIUM_CANDIDATES: '' }).candidates).toEqual([]);
    expect(thisMachine({ CHROMIUM_CANDIDATES: '/a/chrome:chromium' }).candidates).toEqual([
      '/a/chrome',
      'chromium',
    ]);
  });

  it('looks for the usual names and Playwright’s own browser by default', () => {
    const candidates = thisMachine({}).candidates;
    expect(candidates.slice(0, 2)).toEqual(['chromium', 'chromium-browser']);
    expect(candidates.at(-1)).toContain('ms-playwright');
  });
});
