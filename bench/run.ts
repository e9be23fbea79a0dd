// `npm run bench`: the step console on the production build, in Chromium, on the mock's `bench`
// scenario (repository bench/logs: build 1 has steps of 1,000 to 1,000,000 lines, build 2 streams
// 2,000 lines a second). Prints figures; it never passes or fails on time (docs/architecture.md 8). Parts:
// - opening: each of the 10k, 100k and 1M-line steps opened in a fresh browser, broken down
//   (bench/opening.ts), beside a bare page's floor; the JS the first screen loaded;
// - pages: the first paint of the dashboard, a repository's builds and the builds feed
//   (bench/pages.ts);
// - show-all: 'Show all logs' on 100k lines (DOM size), the million lines scrolled to their end;
// - stream: arrival-to-paint latency of a 2,000 lines/s stream, beside the floor (bench/stream.ts);
// - log-viewer: search, permalinks and folding on the million lines (bench/log-viewer.ts);
// - log-diff: two 50,000-line logs diffed in the log diff's worker (bench/log-diff.ts).
// - insights: the Insights tab's time to charts, cold and cached (bench/insights.ts).
// - drone-ui: on a real Drone, the 10k-line step opened beside Drone's own UI (bench/drone-ui.ts).
// The summary starts with the machine and its load averages, before and after.
//
//   BENCH_PORT=5205 npm run bench        # first port used (default 4173; the next two as well)
//   BENCH_SKIP_BUILD=1 npm run bench     # reuse the bundles in bench/results
//   BENCH_STREAM_SECONDS=20              # how long to watch the stream
//   BENCH_ONLY=opening,stream            # only these parts: opening, pages, show-all, stream,
//                                        # log-viewer, log-diff, insights, triage, test-results,
//                                        # drone-ui (pages, test-results and drone-ui: http only)
//   BENCH_RUNS=3                         # loads per opening figure (the median is printed)
//   BENCH_MODES=mock,http                # 'mock', 'http' or both (the default: http)
//   BENCH_COMPARE=/tmp/dist-before       # another build's openings, interleaved (http only)
//
// Two set-ups, each with every figure:
// - http (the default): what a user sees. The console built as `npm run build` builds it, served
//   by the serve command (deploy/serve.ts: static files and a proxy on one origin, in a process of
//   its own) in front of the standalone mock, which answers as Drone does from a warm log store,
//   in a process of its own too (a server never shares the browser driver's process);
//   the bare page is served beside it, and its loads alternate with the console's.
// - mock: the console on its embedded mock (msw in the page, a demo build). The mock's work shares
//   the page with the console (its service worker, 2,000 lines a second); the big logs are
//   generated in a worker beside the one parsing them (mock-server/generated.ts).
import { chromium, type Browser, type Page } from '@playwright/test';
import { isDone, type Build } from '../src/api/types';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { logViewerBench } from './log-viewer';
import { logDiffBench } from './log-diff';
import { insightsBench } from './insights';
import { triageBench } from './triage';
import { testResultsBench } from './test-results';
import * as probe from './measure';
import { DEMO_TOKENS } from '../fixtures/demo/users';
import { existsSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { basename, join } from 'node:path';
import {
  FIRST_SCREEN_GOAL,
  FIRST_SCREEN_LIMIT,
  firstScreenBytes,
  gzipSize,
} from '../scripts/check-bundle';
import {
  addBarePage,
  buildProduction,
  serveDeployed,
  servePreview,
  startFakeDrone,
  stopAndWait,
  stopServer,
} from './server';
import { openInterleaved, reportOpening, VIEWPORT, type OpeningTarget } from './opening';
import { pagesBench } from './pages';
import { droneUiBench } from './drone-ui';
import { reportFirstLine, reportStream, watchStream, type Floor } from './stream';

const PORT = Number(process.env.BENCH_PORT ?? 4173);
/** Loads per opening figure (each in a fresh browser context); the median is printed. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The finished steps whose opening is broken down. */
const OPENED_STEPS = [10_000, 100_000, 1_000_000];
const ONLY = process.env.BENCH_ONLY?.split(',');
/** Whether this part of the benchmark runs (BENCH_ONLY lists the parts to run). */
const runs = (
  part:
    | 'opening'
    | 'show-all'
    | 'stream'
    | 'log-viewer'
    | 'log-diff'
    | 'insights'
    | 'triage'
    | 'test-results'
    | 'pages'
    | 'drone-ui',
) => !ONLY || ONLY.includes(part);
const STREAM_SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? 20);
/**
 * How long the firehose runs before each page opens: by then it has written more than the 5,000
 * lines the server replays on connecting (docs/drone-api.md 5.3), so every page starts on the same
 * history and runs compare. http only: the in-page mock starts over with its page.
 */
const HISTORY_MS = 3000;
const REPO = 'bench/logs';
const MODES = (process.env.BENCH_MODES ?? 'http').split(',');
/** Another build of the console (e.g. a copy of bench/results/dist-http made before a change),
 * opened between the loads of this one: a before/after both seen by the same machine. */
const COMPARE = process.env.BENCH_COMPARE;
if (COMPARE && MODES.includes('mock')) throw new Error('BENCH_COMPARE compares http set-ups only');
const MOCK_BUNDLE = 'bench/results/dist';
const HTTP_BUNDLE = 'bench/results/dist-http';
const API_PORT = PORT + 2;
let BASE = '';

const CHROMIUM = {
  ...chromiumLaunchOptions,
  args: [...chromiumLaunchOptions.args, '--enable-precise-memory-info'],
};

const figures: Array<[string, string | undefined]> = [];
const report = (label: string, value: string | number) => {
  figures.push([label, String(value)]);
  console.info(`  ${label}: ${value}`);
};
const section = (title: string) => {
  figures.push([title, undefined]);
  console.info(`\n${title}`);
};
const ms = (value: number) => `${Math.round(value)} ms`;

interface StepPath {
  stage: number;
  step: number;
  lines: number;
}

/** The line count a benchmark step's name announces ('lines-100000', '100k', '1m lines'...). */
function announcedLines(name: string): number | undefined {
  const match = /(\d[\d_,]*)\s*([km])?/i.exec(name);
  if (!match) return undefined;
  const value = Number(match[1]!.replace(/[_,]/g, ''));
  const unit = match[2]?.toLowerCase();
  return value * (unit === 'k' ? 1_000 : unit === 'm' ? 1_000_000 : 1);
}

/** The benchmark steps, asked from the page so the in-page mock or the server answers. */
async function benchSteps(page: Page, apiBase: string): Promise<StepPath[]> {
  const build = await page.evaluate(
    ({ base, repo, token }) =>
      fetch(`${base}/api/repos/${repo}/builds/1`, {
        headers: { Authorization: `Bearer ${token}` },
      }).then((response) => response.json()),
    { base: apiBase, repo: REPO, token: DEMO_TOKENS.admin },
  );
  const steps: StepPath[] = [];
  for (const stage of (build as Build).stages ?? []) {
    for (const step of stage.steps ?? []) {
      const lines = announcedLines(step.name);
      if (lines) steps.push({ stage: stage.number, step: step.number, lines });
    }
  }
  return steps;
}

async function openStep(
  page: Page,
  build: number,
  path: StepPath | { stage: number; step: number },
  query = '',
) {
  await page.goto(`${BASE}/${REPO}/${build}/${path.stage}/${path.step}${query}`);
  return probe.firstLineAt(page);
}

async function showAll(page: Page) {
  const button = page.getByRole('button', { name: 'Show all logs' });
  if (await button.isVisible()) await button.click();
  await page.waitForTimeout(500);
}

/** Opening each finished step, broken down, beside the bare page's floor (http only). */
async function openings(browser: Browser, setup: Setup, steps: StepPath[]) {
  for (const lines of OPENED_STEPS) {
    const step = steps.find((candidate) => candidate.lines === lines);
    if (!step) continue;
    const where = {
      repoPath: `/api/repos/${REPO}`,
      build: 1,
      logPath: `/logs/${step.stage}/${step.step}`,
    };
    console.info(`${lines.toLocaleString('en')}-line step, ${RUNS} loads each, interleaved`);
    const loadBefore = load();
    const targets: OpeningTarget[] = [
      { ...where, url: `${BASE}/${REPO}/1/${step.stage}/${step.step}?scenario=bench`, heap: true },
    ];
    if (setup.floorUrl) {
      const log = `log=${encodeURIComponent(setup.apiBase + apiLogPath(step))}`;
      targets.push({ ...where, url: setup.floorUrl(log), bare: true });
    }
    if (setup.comparedBase) {
      const url = `${setup.comparedBase}/${REPO}/1/${step.stage}/${step.step}?scenario=bench`;
      targets.push({ ...where, url, heap: true });
    }
    const [figures, ...others] = await openInterleaved(browser, targets, RUNS);
    const floor = setup.floorUrl ? others.shift() : undefined;
    section(`${setup.name}: ${lines.toLocaleString('en')}-line step opened (median of ${RUNS})`);
    report('  load averages before / after', `${loadBefore} / ${load()}`);
    reportOpening(report, figures!, floor, others[0]);
    if (lines === OPENED_STEPS[0]) reportScripts(figures!.scripts, setup.bundle);
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * The JS the first screen of a build page loaded (gzip -9), as seen in the browser, and as
 * scripts/check-bundle.ts finds it in the build manifest (the figure its limit applies to).
 */
function reportScripts(scripts: string[], bundle: string) {
  const loaded = scripts.reduce((sum, path) => sum + gzipSize(join(bundle, path)), 0);
  report('JS loaded before the first lines, gzip', `${kib(loaded)} (${scripts.length} files)`);
  if (!existsSync(join(bundle, '.vite', 'manifest.json'))) return;
  const files = firstScreenBytes(bundle);
  const total = files.reduce((sum, { gzip }) => sum + gzip, 0);
  report(
    '  first screen by the build manifest (check-bundle)',
    `${kib(total)} (${files.length} files, limit ${kib(FIRST_SCREEN_LIMIT)}, goal ${kib(FIRST_SCREEN_GOAL)})`,
  );
  // What the page fetched on demand before its first lines, beside the first screen.
  const firstScreen = new Set(files.map(({ file }) => `/${file}`));
  for (const path of scripts.filter((script) => !firstScreen.has(script))) {
    report(
      `  on demand before the first lines: ${basename(path)}`,
      kib(gzipSize(join(bundle, path))),
    );
  }
}

const apiLogPath = (step: StepPath) =>
  `/api/repos/${REPO}/builds/1/logs/${step.stage}/${step.step}`;

async function finishedLogs(page: Page, steps: StepPath[]) {
  const find = (lines: number) => steps.find((step) => step.lines === lines);
  const hundredK = find(100_000);
  if (hundredK) {
    console.info('100,000-line step');
    await openStep(page, 1, hundredK);
    await showAll(page);
    await probe.scrollToEnd(page, hundredK.lines - 1);
    report(
      "DOM elements after 'Show all logs' (target < 1,500)",
      await probe.domElementCount(page),
    );
    report('log rows in the DOM', await probe.renderedRows(page));
  }
  const million = find(1_000_000);
  if (million) {
    console.info('1,000,000-line step');
    await openStep(page, 1, million);
    await probe.waitForLogRead(page);
    await showAll(page);
    const started = Date.now();
    const end = await probe.scrollToEnd(page, million.lines - 1);
    report(
      'scrolled to its end',
      end.lastPos === million.lines - 1 ? 'yes' : `no (last pos ${end.lastPos})`,
    );
    report('time to scroll to the end', ms(Date.now() - started));
    report('DOM elements at the end', await probe.domElementCount(page));
    report('JS heap kept after a forced collection', `${await probe.heapAfterGc(page)} MB`);
  }
}

/**
 * Follows the firehose (build 2) twice over. Opened while it runs, after a fixed history: the
 * server replays that history first, so its first line's latency includes the replay (the
 * "opening a running step" case). Opened before its step starts: its first line arrives live,
 * the moment issue 18's goal is about ("first streamed line painted after it arrives"). Lines lost
 * are counted once it has been watched. Each first line's latency is a single sample per load: the
 * median of RUNS loads is printed (the other loads are watched for 2 s).
 */
async function streaming(browser: Browser, setup: Setup) {
  console.info(`streaming step (build 2), watched for ${STREAM_SECONDS} s`);
  let lost = '';
  const follow = async (page: Page) => {
    const button = page.getByRole('button', { name: 'Follow logs' });
    if (await button.isVisible()) await button.click();
  };
  const stepUrl = `${BASE}/${REPO}/2/1/1`;
  // A fresh scenario, its firehose running a fixed time before the page opens.
  const watchConsole = async (seconds: number, after?: (page: Page) => Promise<void>) =>
    watchStream(browser, `${stepUrl}${await setup.freshFirehose(true)}`, seconds, follow, after);
  const consoleRuns = [
    await watchConsole(STREAM_SECONDS, async (page) => {
      lost = await linesLost(page);
    }),
  ];
  while (consoleRuns.length < RUNS) consoleRuns.push(await watchConsole(2));
  const liveRuns = [];
  while (liveRuns.length < RUNS) {
    const url = `${stepUrl}${await setup.freshFirehose(false)}`;
    liveRuns.push(await watchStream(browser, url, 2, follow));
  }
  // The floor read both ways: with fetch, as the console reads, and with an EventSource (one
  // task per line), the way the console read before. A bare page opened before the step starts
  // asks again every 20 ms until the step streams (the server answers a step without a live
  // stream with an end at once).
  const floors: Floor[] = [];
  const liveFloors: Floor[] = [];
  if (setup.floorUrl) {
    const stream = `${setup.apiBase}/api/stream/${REPO}/2/1/1`;
    const readers = [
      ['fetch', `stream=${encodeURIComponent(stream)}`],
      [
        'EventSource',
        `reader=eventsource&stream=${encodeURIComponent(`${stream}?access_token=${DEMO_TOKENS.admin}`)}`,
      ],
    ] as const;
    for (const [reader, query] of readers) {
      const runs = [];
      while (runs.length < RUNS) {
        await setup.freshFirehose(true);
        const url = setup.floorUrl(query);
        runs.push(await watchStream(browser, url, runs.length ? 2 : STREAM_SECONDS));
      }
      floors.push({ reader, runs });
    }
    const live = [];
    while (live.length < RUNS) {
      await setup.freshFirehose(false);
      live.push(await watchStream(browser, setup.floorUrl(`${readers[0][1]}&retry=1`), 2));
    }
    liveFloors.push({ reader: 'fetch', runs: live });
  }
  section(`${setup.name}: streaming step, 2,000 lines a second for ${STREAM_SECONDS} s`);
  reportStream(report, consoleRuns, floors);
  report('  lines lost', lost);
  section(`${setup.name}: a step that starts streaming while watched`);
  reportFirstLine(report, liveRuns, liveFloors);
}

async function linesLost(page: Page): Promise<string> {
  await showAll(page);
  // Stop following, or the list jumps back to the bottom while the first row is probed.
  const following = page.getByRole('button', { name: 'Following logs' });
  if (await following.isVisible()) await following.click();
  const end = await probe.scrollToEnd(page);
  const firstPos = await probe.firstRowPos(page);
  const held = end.lastIndex + 1;
  const expected = end.lastPos - firstPos + 1;
  return `${expected - held} (${held} held, first pos ${firstPos}, last ${end.lastPos})`;
}

interface Setup {
  name: string;
  /** The built console this set-up serves. */
  bundle: string;
  /** The preview server (and for http, the standalone mock) until `stop`. */
  stop(): Promise<void>;
  /**
   * Starts the bench scenario over; with `history`, the http set-up lets its firehose run
   * HISTORY_MS first (the in-page mock starts over when the page loads, so its step always starts
   * while watched). Returns the query the next page needs for it.
   */
  freshFirehose(history: boolean): Promise<string>;
  /**
   * Reads every stored log of build 1 once, after a fresh firehose: the http set-up's server, a
   * process of its own, generates each log anew on its first read after a restart.
   */
  warm(): Promise<void>;
  /** Where the API answers ('' for the page's own origin). */
  apiBase: string;
  /** The bare page with this query, when it can reach the server (not the in-page mock). */
  floorUrl?: (query: string) => string;
  /** Where another build (BENCH_COMPARE) is served in front of the same server. */
  comparedBase?: string;
}

async function mockSetup(port: number): Promise<Setup> {
  const preview = await servePreview(port, MOCK_BUNDLE);
  return {
    name: 'mock',
    bundle: MOCK_BUNDLE,
    stop: async () => stopServer(preview),
    freshFirehose: async () => '?scenario=bench&reset=1',
    warm: async () => undefined,
    apiBase: '',
  };
}

async function httpSetup(port: number): Promise<Setup> {
  let api = await startFakeDrone(API_PORT, 'bench');
  const apiBase = `http://127.0.0.1:${API_PORT}`;
  await warmLogs(apiBase);
  addBarePage(HTTP_BUNDLE);
  const front = await serveDeployed(port, HTTP_BUNDLE, apiBase, DEMO_TOKENS.admin);
  // The port the mock set-up would take: BENCH_COMPARE runs the http set-up alone.
  const compared = COMPARE
    ? await serveDeployed(PORT + 1, COMPARE, apiBase, DEMO_TOKENS.admin)
    : undefined;
  return {
    name: 'http',
    bundle: HTTP_BUNDLE,
    stop: async () => {
      stopServer(front);
      if (compared) stopServer(compared);
      await stopAndWait(api, API_PORT);
    },
    freshFirehose: async (history) => {
      await stopAndWait(api, API_PORT);
      api = await startFakeDrone(API_PORT, 'bench');
      if (!history) return '';
      await firehoseRunning(apiBase);
      await new Promise((resolve) => setTimeout(resolve, HISTORY_MS));
      return '';
    },
    warm: () => warmLogs(apiBase),
    // The console, the bare page and the API on one origin, as deployed: the proxy adds the token.
    apiBase: '',
    floorUrl: (query) => `${BASE}/bench-floor.html#${query}`,
    comparedBase: compared && `http://127.0.0.1:${PORT + 1}`,
  };
}

/**
 * Waits for the firehose (build 2's step) to run: a runner picks it up 0.8 to 2 s after the
 * scenario starts, a wait too uneven to count its history from.
 */
async function firehoseRunning(apiBase: string) {
  const headers = { Authorization: `Bearer ${DEMO_TOKENS.admin}` };
  for (;;) {
    // A kept-alive connection to the server restarted a moment ago may fail or hang: each ask has
    // a second, and the next one opens a new connection.
    const build = await fetch(`${apiBase}/api/repos/${REPO}/builds/2`, {
      headers,
      signal: AbortSignal.timeout(1000),
    })
      .then((response) => response.json() as Promise<Build>)
      .catch(() => undefined);
    const status = build?.stages?.[0]?.steps?.[0]?.status;
    if (status === 'running') return;
    if (status && isDone(status)) throw new Error(`the firehose ended (${status}) before a look`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Reads every stored log of build 1 once: the standalone mock generates a log on its first read
 * and serves later ones from memory, as a real server serves its log store.
 */
async function warmLogs(apiBase: string) {
  const headers = { Authorization: `Bearer ${DEMO_TOKENS.admin}` };
  const build = (await (
    await fetch(`${apiBase}/api/repos/${REPO}/builds/1`, { headers })
  ).json()) as Build;
  for (const stage of build.stages ?? []) {
    for (const step of stage.steps ?? []) {
      const path = apiLogPath({ stage: stage.number, step: step.number, lines: 0 });
      await (await fetch(apiBase + path, { headers })).arrayBuffer();
    }
  }
}

async function benchMode(browser: Browser, setup: Setup) {
  const page = await browser.newPage({ viewport: VIEWPORT });
  page.on('crash', () => report('page crashed', 'yes'));
  page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
  await probe.installProbes(page);
  // Boot the app (and the in-page mock) on the bench scenario; later pages keep the scenario.
  await page.goto(`${BASE}/${REPO}?scenario=bench`);
  // The builds list shown: the app (and the mock) answer. Not 'networkidle': the repository's
  // event stream stays open.
  await page.waitForSelector(`a[href="/${REPO}/1"]`, { timeout: 60_000 });
  const steps = await benchSteps(page, setup.apiBase);
  report('benchmark steps found', steps.map((step) => step.lines).join(', ') || 'none');
  const million = steps.find((step) => step.lines === 1_000_000);
  if (runs('opening')) await openings(browser, setup, steps);
  if (setup.name === 'http' && runs('pages')) {
    section(`${setup.name}: the other pages' first paint (median of ${RUNS})`);
    const loadBefore = load();
    await pagesBench({
      browser,
      base: BASE,
      comparedBase: setup.comparedBase,
      repo: REPO,
      runs: RUNS,
      report,
    });
    report('  load averages before / after', `${loadBefore} / ${load()}`);
  }
  if (runs('show-all')) {
    section(`${setup.name}: 'Show all logs' and the million lines`);
    await finishedLogs(page, steps);
  }
  await page.close();
  if (runs('stream')) {
    await streaming(browser, setup);
    await setup.warm();
  }
  if (setup.name === 'http' && runs('test-results')) {
    await testResultsBench({ browser, base: BASE, repo: REPO, steps, runs: RUNS, report, section });
  }
  if (million && runs('log-viewer')) {
    section(`${setup.name}: log viewer, 1,000,000-line step`);
    await logViewerBench({ browser, base: BASE, repo: REPO, step: million, report });
  }
  if (runs('log-diff')) {
    section(`${setup.name}: log diff in its worker (issue 30 item 6)`);
    await logDiffBench({ browser, base: BASE, bundle: setup.bundle, runs: RUNS, report });
  }
  if (runs('insights')) {
    section(`${setup.name}: Insights tab (issue 31)`);
    await insightsBench({ browser, base: BASE, query: await setup.freshFirehose(false), report });
    await setup.warm();
  }
  const hundredK = steps.find((step) => step.lines === 100_000);
  if (hundredK && runs('triage')) {
    section(`${setup.name}: failure triage (issue 30), bench/triage.ts`);
    await triageBench({ browser, base: BASE, repo: REPO, step: hundredK, report });
  }
}

/** The machine, and how busy it is (load averages over 1, 5 and 15 minutes). */
function machine(): string {
  const cores = cpus();
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB`;
  return `${cores[0]?.model ?? 'unknown CPU'}, ${cores.length} cores, ${memory}`;
}
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

async function main() {
  const loadBefore = load();
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.info('building the production bundles...');
    // A demo build: the console with its in-page mock (README "Builds").
    if (MODES.includes('mock')) buildProduction(MOCK_BUNDLE, { DRONE_MOCK: 'true' });
    if (MODES.includes('http')) {
      // As `npm run build` makes it: the serve command tells it where the server is.
      buildProduction(HTTP_BUNDLE);
    }
  }
  const browser = await chromium.launch(CHROMIUM);
  try {
    for (const [index, mode] of MODES.entries()) {
      const port = PORT + index;
      BASE = `http://127.0.0.1:${port}`;
      console.info(
        mode === 'http' ? '\nhttp: standalone mock over HTTP' : '\nmock: in-page mock (msw)',
      );
      const setup = mode === 'http' ? await httpSetup(port) : await mockSetup(port);
      try {
        await benchMode(browser, setup);
      } finally {
        await setup.stop();
      }
    }
    if (MODES.includes('http') && runs('drone-ui')) {
      console.info("\nreal Drone: the console beside Drone's own UI");
      const port = PORT;
      await droneUiBench({ browser, bundle: HTTP_BUNDLE, port, runs: RUNS, report, section, load });
    }
  } finally {
    await browser.close();
  }
  console.info('\nsummary');
  console.info(`machine: ${machine()}`);
  console.info(`load averages: ${loadBefore} at the start, ${load()} at the end`);
  for (const [label, value] of figures) {
    console.info(value === undefined ? `\n${label}` : `${label.padEnd(56)} ${value}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
