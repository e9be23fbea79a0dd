// `npm run bench`: the step console on the production build, in Chromium, on the mock's `bench`
// scenario (repository bench/logs: build 1 has steps of 1,000 to 1,000,000 lines, build 2 streams
// 2,000 lines a second). Prints figures; it never passes or fails on time (DESIGN.md 8).
//
//   BENCH_PORT=5205 npm run bench        # the preview server's port (default 4173)
//   BENCH_SKIP_BUILD=1 npm run bench     # reuse bench/results/dist
//   BENCH_STREAM_SECONDS=20              # how long to watch the stream
//   BENCH_ONLY=log-viewer                # only the log viewer's figures (bench/log-viewer.ts)
//
// The mock server runs in the page (msw), so its own work (serialising a million-line log,
// producing 2,000 lines a second) shares the main thread with the console and shows in the
// long-task figures.
import { chromium, type Page } from '@playwright/test';
import type { Build } from '../src/api/types';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { logViewerBench } from './log-viewer';
import * as probe from './measure';
import { buildProduction, servePreview, stopServer } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 4173);
const STREAM_SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? 20);
const BASE = `http://127.0.0.1:${PORT}`;
const REPO = 'bench/logs';

const CHROMIUM = {
  ...chromiumLaunchOptions,
  args: [...chromiumLaunchOptions.args, '--enable-precise-memory-info'],
};

const figures: Array<[string, string]> = [];
const report = (label: string, value: string | number) => {
  figures.push([label, String(value)]);
  console.info(`  ${label}: ${value}`);
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

async function benchSteps(page: Page): Promise<StepPath[]> {
  const build = await page.evaluate(
    (repo) => fetch(`/api/repos/${repo}/builds/1`).then((response) => response.json()),
    REPO,
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
  const arrived = await probe.logResponseEnd(page);
  report('time to first lines from navigation', ms(first));
  report('  of which the stored log arrived at', ms(arrived));
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

async function streaming(page: Page) {
  console.info(`streaming step (build 2), watched for ${STREAM_SECONDS} s`);
  // A fresh scenario starts the firehose now, so the console connects near its first line.
  await openStep(page, 2, { stage: 1, step: 1 }, '?scenario=bench&reset=1');
  await page.getByRole('button', { name: 'Follow logs' }).click();
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

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.info('building the production bundle...');
    buildProduction();
  }
  const server = await servePreview(PORT);
  const browser = await chromium.launch(CHROMIUM);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('crash', () => report('page crashed', 'yes'));
    page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
    await probe.installProbes(page);
    // Boot the app and its mock worker on the bench scenario; later pages keep the scenario.
    await page.goto(`${BASE}/${REPO}?scenario=bench`);
    await page.waitForLoadState('networkidle');
    const steps = await benchSteps(page);
    report('benchmark steps found', steps.map((step) => step.lines).join(', ') || 'none');
    const million = steps.find((step) => step.lines === 1_000_000);
    if (process.env.BENCH_ONLY !== 'log-viewer') {
      await finishedLogs(page, steps);
      await streaming(page);
    }
    if (million) await logViewerBench({ browser, base: BASE, repo: REPO, step: million, report });
  } finally {
    await browser.close();
    stopServer(server);
  }
  console.info('\nsummary');
  for (const [label, value] of figures) console.info(`${label.padEnd(56)} ${value}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
