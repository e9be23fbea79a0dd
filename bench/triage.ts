// Issue 30 item 6, failure triage's figures: how long after a log is read (parsed into lines)
// its annotations and its failure summary's error lines are ready.
// - Node: a 5 MB log (bench lines with every annotation shape sprinkled in), read in slices as
//   the page reads it: the summary's digest (logs/firstError + annotations) and the annotations;
// - page: the 100,000-line step of bench/logs #1 (about 10 MB of JSON), opened in a fresh browser
//   context: from the stored log read (the console's mark) to the annotation list's counts on
//   screen, which includes loading their code after the first lines (median of 3), and the
//   longest main-thread task meanwhile.
// Prints figures; never passes or fails on time (docs/architecture.md 8).
import type { Browser, Page } from '@playwright/test';
import { benchLine } from '../fixtures/bench-logs';
import { LogLines } from '../src/logs';
import { AnnotationScanner } from '../src/logs/annotations/extract';
import { LOG_READ_MARK } from '../src/api/readStoredLog';
import { digestLog } from '../src/machines/buildPage/failureSummary';
import { runInSlices } from '../src/logs/slices';
import * as probe from './measure';

export interface TriageBenchOptions {
  browser: Browser;
  base: string;
  repo: string;
  /** The 100,000-line step of build 1. */
  step: { stage: number; step: number };
  report: (label: string, value: string | number) => void;
}

const SHAPES = [
  '::error file=src/app.ts,line=3,col=5::Type check failed',
  'src/main.c:10:3: error: expected ; before }',
  '--- FAIL: TestOrders (0.02s)',
  'panic: runtime error: index out of range [3]',
  'npm ERR! code ELIFECYCLE',
  'not ok 7 - rejects empty input',
];
const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** About `bytes` of log: bench lines, one annotation shape every 500 lines. */
function benchLog(bytes: number): LogLines {
  const lines = [];
  let size = 0;
  for (let pos = 0; size < bytes; pos++) {
    const out = `${pos % 500 === 499 ? SHAPES[((pos / 500) % SHAPES.length) | 0]! : benchLine(1, pos)}\n`;
    size += out.length + 30; // the JSON around it: {"pos":…,"out":…,"time":…}
    lines.push({ pos, out, time: pos >> 11 });
  }
  return LogLines.from(lines);
}

function annotateInSlices(lines: LogLines): Promise<number> {
  return new Promise((resolve) => {
    const scanner = new AnnotationScanner();
    runInSlices((shouldYield) => {
      do scanner.scan(lines, Math.min(lines.length, scanner.next + 1024));
      while (scanner.next < lines.length && !shouldYield());
      if (scanner.next < lines.length) return false;
      resolve(scanner.annotations().length);
      return true;
    });
  });
}

async function nodeFigures(report: TriageBenchOptions['report']) {
  const lines = benchLog(5 * 2 ** 20);
  let start = performance.now();
  const digest = await digestLog(lines);
  report(
    `5 MB log (${lines.length} lines): summary's error lines ready (Node, slices)`,
    `${ms(performance.now() - start)} (${digest.errorLines.length} lines)`,
  );
  start = performance.now();
  const found = await annotateInSlices(lines);
  report(
    '5 MB log: annotations ready (Node, slices)',
    `${ms(performance.now() - start)} (${found})`,
  );
}

/** Records when the annotation list first shows its counts. */
async function watchAnnotations(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="annotation-counts"]')) {
        (window as unknown as { __annotationsAt: number }).__annotationsAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

async function pageFigure(options: TriageBenchOptions) {
  const afterRead: number[] = [];
  const longest: number[] = [];
  for (let run = 0; run < 3; run++) {
    const context = await options.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await probe.installProbes(page);
    await watchAnnotations(page);
    const { repo, step, base } = options;
    await page.goto(`${base}/${repo}/1/${step.stage}/${step.step}?scenario=bench`);
    await page.waitForSelector('[data-testid="annotation-counts"]', { timeout: 120_000 });
    const { read, shown } = await page.evaluate(
      (mark) => ({
        read: performance.getEntriesByName(mark, 'mark')[0]?.startTime ?? Number.NaN,
        shown: (window as unknown as { __annotationsAt: number }).__annotationsAt,
      }),
      LOG_READ_MARK,
    );
    afterRead.push(shown - read);
    longest.push((await probe.longestTask(page)).longest);
    await context.close();
  }
  options.report(
    '100,000-line step: annotations on screen after the log is read (median of 3)',
    ms(median(afterRead)),
  );
  options.report('  longest main-thread task of the visit (median of 3)', ms(median(longest)));
}

export async function triageBench(options: TriageBenchOptions): Promise<void> {
  await nodeFigures(options.report);
  await pageFigure(options);
}
