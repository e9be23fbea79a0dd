// Opening a finished step, broken down (issue 18): from navigation to app boot, first API
// answer, log request start, last log byte, whole log parsed and first lines painted; beside
// each figure, the floor: a bare page (bench/floor.html) fetching the same log bytes from the
// same server and painting its last lines. Each load is a fresh browser context (nothing cached).
import type { Browser } from '@playwright/test';
import * as probe from './measure';
import { watchNetwork } from './network';

export interface Opening {
  boot: number;
  firstApiAnswer: number;
  logRequestStart: number;
  lastLogByte: number;
  parsed: number;
  painted: number;
  /** MB after a full garbage collection, once the log is read (NaN unless asked for). */
  heap: number;
  /** Paths of the page's own scripts requested before the first lines were painted. */
  scripts: string[];
}

export interface OpeningTarget {
  /** The page to open: the step's URL, or the bare page's. */
  url: string;
  /** The end of the stored log's path, `/logs/{stage}/{step}`. */
  logPath: string;
  /** The bare page reads no whole log (no 'parsed' figure). */
  bare?: boolean;
  heap?: boolean;
}

export const VIEWPORT = { width: 1440, height: 900 };

export async function openOnce(browser: Browser, target: OpeningTarget): Promise<Opening> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
    await probe.installProbes(page);
    const network = await watchNetwork(context, page);
    await page.goto(target.url);
    const { boot, painted } = await probe.firstLinePainted(page);
    const parsed = target.bare ? Number.NaN : await probe.waitForLogRead(page);
    const heap = target.heap ? await probe.heapAfterGc(page) : Number.NaN;
    const requests = await network.requests();
    const log = requests.find((request) => new URL(request.url).pathname.endsWith(target.logPath));
    const api = requests.filter((request) => new URL(request.url).pathname.startsWith('/api/'));
    const origin = new URL(target.url).origin;
    const scripts = requests.filter(
      ({ url, start }) => url.startsWith(origin) && url.endsWith('.js') && start <= painted,
    );
    return {
      boot,
      firstApiAnswer: Math.min(...api.map((request) => request.lastByte)),
      logRequestStart: log?.start ?? Number.NaN,
      lastLogByte: log?.lastByte ?? Number.NaN,
      parsed,
      painted,
      heap,
      scripts: scripts.map(({ url }) => new URL(url).pathname),
    };
  } finally {
    await context.close();
  }
}

/** The median of each figure over `runs` loads. */
export async function openMedian(
  browser: Browser,
  target: OpeningTarget,
  runs: number,
): Promise<Opening> {
  const loads: Opening[] = [];
  for (let run = 0; run < runs; run++) loads.push(await openOnce(browser, target));
  const median = (key: Exclude<keyof Opening, 'scripts'>) => {
    const values = loads.map((load) => load[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  return {
    boot: median('boot'),
    firstApiAnswer: median('firstApiAnswer'),
    logRequestStart: median('logRequestStart'),
    lastLogByte: median('lastLogByte'),
    parsed: median('parsed'),
    painted: median('painted'),
    heap: median('heap'),
    scripts: loads[0]!.scripts,
  };
}

const LABELS: Array<[Exclude<keyof Opening, 'scripts'>, string]> = [
  ['boot', 'app boot'],
  ['firstApiAnswer', 'first API answer'],
  ['logRequestStart', 'log request start'],
  ['lastLogByte', 'last log byte'],
  ['parsed', 'whole log parsed'],
  ['painted', 'first lines painted'],
];

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');

/** Reports each figure with the floor beside it (`floor` undefined: no bare page here). */
export function reportOpening(
  report: (label: string, value: string) => void,
  figures: Opening,
  floor: Opening | undefined,
): void {
  for (const [key, label] of LABELS) {
    const beside = floor ? ` (bare page ${ms(floor[key])})` : '';
    report(`  ${label}`, `${ms(figures[key])}${beside}`);
  }
  if (Number.isFinite(figures.heap)) report('  JS heap once read, after GC', `${figures.heap} MB`);
}
