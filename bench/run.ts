// `npm run bench`: the step console on the production build, in Chromium, on the mock's `bench`
// scenario (repository bench/logs: build 1 has steps of 1,000 to 1,000,000 lines, build 2 streams
// 2,000 lines a second). Prints figures; it never passes or fails on time (DESIGN.md 8).
//
//   BENCH_PORT=5205 npm run bench        # first port used (default 4173; the next two as well)
//   BENCH_SKIP_BUILD=1 npm run bench     # reuse the bundles in bench/results
//   BENCH_STREAM_SECONDS=20              # how long to watch the stream
//   BENCH_ONLY=log-viewer                # only the log viewer's figures (bench/log-viewer.ts)
//   BENCH_MODES=http                     # 'mock', 'http' or both (the default: mock,http)
//
// Two set-ups, each with every figure:
// - mock: the console on its embedded mock (msw in the page). The mock's own work (producing a
//   128 MB log, passing it through the service worker, 2,000 lines a second) shares the page's
//   main thread with the console and shows in every figure.
// - http: the console built for a Drone server (DRONE_SERVER_URL) talking to the standalone mock
//   over HTTP, as in production: the server's work is in another process.
import { chromium, type Browser, type Page } from '@playwright/test';
import type { Build } from '../src/api/types';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { logViewerBench } from './log-viewer';
import * as probe from './measure';
import { startStandalone, type Standalone } from '../mock-server/standalone';
import { DEMO_TOKENS } from '../fixtures/demo/users';
import { buildProduction, servePreview, stopServer } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 4173);
const STREAM_SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? 20);
const REPO = 'bench/logs';
const MODES = (process.env.BENCH_MODES ?? 'mock,http').split(',');
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

/** Time to first lines, split into the log's arrival (mock + transfer) and the console's part. */
async function reportFirstLines(page: Page, build: number, step: StepPath) {
  const first = await openStep(page, build, step);
  const arrived = await probe.logReadAt(page);
  report('time to first lines from navigation', ms(first));
  report('  of which the stored log was read (parsed) at', ms(arrived));
  report('  longest main-thread task while opening', ms((await probe.longestTask(page)).longest));
}

async function showAll(page: Page) {
  const button = page.getByRole('button', { name: 'Show all logs' });
  if (await button.isVisible()) await button.click();
  await page.waitForTimeout(500);
}

async function finishedLogs(page: Page, steps: StepPath[]) {
  const find = (lines: number) => steps.find((step) => step.lines === lines);
  const hundredK = find(100_000);
  if (hundredK) {
    console.info('100,000-line step');
    await reportFirstLines(page, 1, hundredK);
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
    await reportFirstLines(page, 1, million);
    await showAll(page);
    const started = Date.now();
    const end = await probe.scrollToEnd(page, million.lines - 1);
    report(
      'scrolled to its end',
      end.lastPos === million.lines - 1 ? 'yes' : `no (last pos ${end.lastPos})`,
    );
    report('time to scroll to the end', ms(Date.now() - started));
    report('DOM elements at the end', await probe.domElementCount(page));
    report('JS heap', `${await probe.heapMegabytes(page)} MB`);
  }
}

async function streaming(page: Page, freshFirehose: () => Promise<string>) {
  console.info(`streaming step (build 2), watched for ${STREAM_SECONDS} s`);
  // A fresh scenario starts the firehose now, so the console connects near its first line.
  await openStep(page, 2, { stage: 1, step: 1 }, await freshFirehose());
  // The console follows a running step by default.
  await page.getByRole('button', { name: 'Following logs' }).waitFor();
  await probe.resetLongTasks(page);
  await page.waitForTimeout(STREAM_SECONDS * 1000);
  const tasks = await probe.longestTask(page);
  report(
    'longest main-thread task while streaming',
    `${ms(tasks.longest)} (${tasks.count} long tasks)`,
  );
  await showAll(page);
  // Stop following, or the list jumps back to the bottom while the first row is probed.
  await page.getByRole('button', { name: 'Following logs' }).click();
  const end = await probe.scrollToEnd(page);
  const firstPos = await probe.firstRowPos(page);
  const held = end.lastIndex + 1;
  const expected = end.lastPos - firstPos + 1;
  report('lines held / max pos + 1', `${held} / ${end.lastPos + 1} (first pos ${firstPos})`);
  report('lines lost', expected - held);
}

interface Setup {
  /** The preview server (and for http, the standalone mock) until `stop`. */
  stop(): Promise<void>;
  /** Starts the bench scenario over; returns the query the next page needs for it. */
  freshFirehose(): Promise<string>;
  /** Where the API answers ('' for the page's own origin). */
  apiBase: string;
}

async function mockSetup(port: number): Promise<Setup> {
  const preview = await servePreview(port, MOCK_BUNDLE);
  return {
    stop: async () => stopServer(preview),
    freshFirehose: async () => '?scenario=bench&reset=1',
    apiBase: '',
  };
}

async function httpSetup(port: number): Promise<Setup> {
  let api: Standalone = await startStandalone({ port: API_PORT, scenario: 'bench' });
  const preview = await servePreview(port, HTTP_BUNDLE);
  return {
    stop: async () => {
      stopServer(preview);
      await api.close();
    },
    freshFirehose: async () => {
      await api.close();
      api = await startStandalone({ port: API_PORT, scenario: 'bench' });
      return '';
    },
    apiBase: `http://127.0.0.1:${API_PORT}`,
  };
}

async function benchMode(browser: Browser, setup: Setup) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('crash', () => report('page crashed', 'yes'));
  page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
  await probe.installProbes(page);
  // Boot the app (and the in-page mock) on the bench scenario; later pages keep the scenario.
  await page.goto(`${BASE}/${REPO}?scenario=bench`);
  await page.waitForLoadState('networkidle');
  const steps = await benchSteps(page, setup.apiBase);
  report('benchmark steps found', steps.map((step) => step.lines).join(', ') || 'none');
  const million = steps.find((step) => step.lines === 1_000_000);
  if (process.env.BENCH_ONLY !== 'log-viewer') {
    await finishedLogs(page, steps);
    await streaming(page, () => setup.freshFirehose());
  }
  await page.close();
  if (million) await logViewerBench({ browser, base: BASE, repo: REPO, step: million, report });
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.info('building the production bundles...');
    // A demo build: the console with its in-page mock (README "Builds").
    if (MODES.includes('mock')) buildProduction(MOCK_BUNDLE, { DRONE_MOCK: 'true' });
    if (MODES.includes('http')) {
      buildProduction(HTTP_BUNDLE, {
        DRONE_SERVER_URL: `http://127.0.0.1:${API_PORT}`,
        DRONE_TOKEN: DEMO_TOKENS.admin,
      });
    }
  }
  const browser = await chromium.launch(CHROMIUM);
  try {
    for (const [index, mode] of MODES.entries()) {
      const port = PORT + index;
      BASE = `http://127.0.0.1:${port}`;
      section(mode === 'http' ? 'http: standalone mock over HTTP' : 'mock: in-page mock (msw)');
      const setup = mode === 'http' ? await httpSetup(port) : await mockSetup(port);
      try {
        await benchMode(browser, setup);
      } finally {
        await setup.stop();
      }
    }
  } finally {
    await browser.close();
  }
  console.info('\nsummary');
  for (const [label, value] of figures) {
    console.info(value === undefined ? `\n${label}` : `${label.padEnd(56)} ${value}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
