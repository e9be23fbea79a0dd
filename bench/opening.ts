// Opening a finished step, broken down (issue 18, issue 32): the document ready, each answer
// (repository, build, log), the whole log parsed, the first lines painted and visible, the long
// tasks and the main thread's work before them, the heap kept after a forced collection; beside
// each figure, the floor: a bare page (bench/floor.html) fetching the same log bytes from the same
// server and painting its last lines. Console and bare page loads alternate, so both see the same
// machine; each load is a fresh browser context (nothing cached).
import type { Browser, BrowserContextOptions } from '@playwright/test';
import * as probe from './measure';
import { pageRequests, type RequestTimes } from './network';
import { traceMainThread } from './trace';

export interface Opening {
  documentReady: number;
  repoAnswer: number;
  buildAnswer: number;
  logRequestStart: number;
  lastLogByte: number;
  parsed: number;
  painted: number;
  visible: number;
  longTasks: number;
  longTaskTotal: number;
  longestTask: number;
  /** Pixels the first row seen moved once the parts above the log had arrived. */
  moved: number;
  /** Main-thread work before the first line was visible (a traced load, not a timed one). */
  mainThread: number;
  /** MB after a forced garbage collection, once the log is read (NaN unless asked for). */
  heap: number;
  /** Paths of the page's own scripts requested before the first lines were painted. */
  scripts: string[];
}

type Figure = Exclude<keyof Opening, 'scripts'>;

export interface OpeningTarget {
  /** The page to open: the step's URL, or the bare page's. */
  url: string;
  /** The path of the repository's API, `/api/repos/{owner}/{name}`. */
  repoPath: string;
  /** The build's number. */
  build: number;
  /** The end of the stored log's path, `/logs/{stage}/{step}`. */
  logPath: string;
  /** The bare page reads no whole log (no 'parsed' figure). */
  bare?: boolean;
  heap?: boolean;
  /** Take a trace of this load for the main thread's work (its times are not the timed ones). */
  trace?: boolean;
  /** Another UI's log rows (bench/measure.ts installProbes); the console's by default. */
  rows?: string;
  /** The browser context's cookies (another UI's session). */
  storageState?: BrowserContextOptions['storageState'];
}

export const VIEWPORT = { width: 1440, height: 900 };

const answered = (requests: RequestTimes[], path: string) =>
  requests.find((request) => new URL(request.url).pathname === path)?.lastByte ?? Number.NaN;

export async function openOnce(browser: Browser, target: OpeningTarget): Promise<Opening> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    storageState: target.storageState,
  });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
    await probe.installProbes(page, target.rows);
    const trace = target.trace ? await traceMainThread(browser, page) : undefined;
    await page.goto(target.url);
    const first = await probe.firstLinePainted(page);
    const mainThread = trace ? await trace.stop(first.visible) : Number.NaN;
    const parsed = target.bare ? Number.NaN : await probe.waitForLogRead(page);
    const moved = target.bare ? Number.NaN : await probe.firstRowMoved(page);
    const heap = target.heap ? await probe.heapAfterGc(page) : Number.NaN;
    const requests = await pageRequests(page);
    const log = requests.find((request) => new URL(request.url).pathname.endsWith(target.logPath));
    const origin = new URL(target.url).origin;
    const scripts = requests.filter(
      ({ url, start }) => url.startsWith(origin) && url.endsWith('.js') && start <= first.painted,
    );
    return {
      documentReady: first.documentReady,
      repoAnswer: answered(requests, target.repoPath),
      buildAnswer: answered(requests, `${target.repoPath}/builds/${target.build}`),
      logRequestStart: log?.start ?? Number.NaN,
      lastLogByte: log?.lastByte ?? Number.NaN,
      parsed,
      painted: first.painted,
      visible: first.visible,
      longTasks: first.longTasks.count,
      longTaskTotal: first.longTasks.total,
      longestTask: first.longTasks.longest,
      moved,
      mainThread,
      heap,
      scripts: scripts.map(({ url }) => new URL(url).pathname),
    };
  } finally {
    await context.close();
  }
}

/** The median of each figure over loads. */
function medians(loads: Opening[]): Opening {
  const median = (key: Figure) => {
    const values = loads
      .map((load) => load[key])
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)]! : Number.NaN;
  };
  const figures = Object.fromEntries(LABELS.map(([key]) => [key, median(key)]));
  return { ...(figures as Record<Figure, number>), scripts: loads[0]!.scripts };
}

/**
 * `runs` loads of each target, alternating (console, bare page, console...), then one traced
 * load of each for the main thread's work; the median of each figure.
 */
export async function openInterleaved(
  browser: Browser,
  targets: OpeningTarget[],
  runs: number,
): Promise<Opening[]> {
  const loads: Opening[][] = targets.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (const [index, target] of targets.entries()) {
      loads[index]!.push(await openOnce(browser, target));
    }
  }
  const figures = loads.map(medians);
  for (const [index, target] of targets.entries()) {
    const traced = await openOnce(browser, { ...target, heap: false, trace: true });
    figures[index]!.mainThread = traced.mainThread;
  }
  return figures;
}

const LABELS: Array<[Figure, string]> = [
  ['documentReady', 'document ready'],
  ['repoAnswer', 'repository answered'],
  ['buildAnswer', 'build answered'],
  ['logRequestStart', 'log request start'],
  ['lastLogByte', 'log answered (last byte)'],
  ['parsed', 'whole log parsed'],
  ['painted', 'first lines painted'],
  ['visible', 'first lines visible'],
  ['mainThread', 'main-thread work before them'],
  ['longTasks', 'long tasks before them'],
  ['longTaskTotal', '  together'],
  ['longestTask', '  longest'],
  ['moved', 'first lines moved once the parts above them arrived'],
  ['heap', 'JS heap kept after a forced collection'],
];

const shown = (key: Figure, value: number) => {
  if (!Number.isFinite(value)) return '-';
  if (key === 'longTasks') return String(value);
  if (key === 'heap') return `${value} MB`;
  if (key === 'moved') return `${Math.round(value)} px`;
  return `${Math.round(value)} ms`;
};

/**
 * Reports each figure with the floor beside it (`floor` undefined: no bare page here), and those
 * of another build of the console (`compared`, BENCH_COMPARE) loaded between them.
 */
export function reportOpening(
  report: (label: string, value: string) => void,
  figures: Opening,
  floor: Opening | undefined,
  compared?: Opening,
  comparedName = 'compared build',
): void {
  for (const [key, label] of LABELS) {
    if (key === 'heap' && !Number.isFinite(figures.heap)) continue;
    const besides = [
      floor && key !== 'heap' && key !== 'moved' ? `bare page ${shown(key, floor[key])}` : '',
      compared ? `${comparedName} ${shown(key, compared[key])}` : '',
    ].filter(Boolean);
    const beside = besides.length ? ` (${besides.join('; ')})` : '';
    report(`  ${label}`, `${shown(key, figures[key])}${beside}`);
  }
  if (!floor) return;
  const ratio = (of: Opening) => `${(of.visible / floor.visible).toFixed(2)}x`;
  report(
    '  first lines visible / bare page',
    `${ratio(figures)}${compared ? ` (${comparedName} ${ratio(compared)})` : ''}`,
  );
}
