// Issue 30 item 6: 100,000 test cases read from a step's log without a frame longer than 50 ms on
// the page. The 10,000-line step of bench/logs #1 is answered, through Playwright's routing, with
// a go test -v log of 100,000 cases (1% failing, with output; 230k lines, about 14 MB), so the
// scenario stays as it is. Between the console's first tests mark (the whole log is in) and the
// counts on screen it records every long animation frame (Chromium's Long Animation Frames API)
// and long task. Prints figures; never passes or fails on time (docs/architecture.md 8).
import type { Browser, Page } from '@playwright/test';
import { TESTS_READ_MARK, TESTS_READ_START_MARK } from '../src/logs/tests/readTests';
import * as probe from './measure';

export interface TestResultsBenchOptions {
  browser: Browser;
  base: string;
  repo: string;
  /** The benchmark steps of build 1: the 10,000-line one's log is replaced. */
  steps: ReadonlyArray<{ stage: number; step: number; lines: number }>;
  runs: number;
  report: (label: string, value: string | number) => void;
  section: (title: string) => void;
}

export const BENCH_CASES = 100_000;
const PACKAGES = 100;

/** A stored log (docs/drone-api.md 6) of go test -v printing `cases` results. */
export function testCasesLog(cases: number): string {
  const lines: string[] = [];
  const perPackage = cases / PACKAGES;
  for (let p = 0; p < PACKAGES; p++) {
    const pkg = `github.com/acme/bench/internal/pkg${p}`;
    let failed = false;
    for (let t = 0; t < perPackage; t++) {
      const name = `TestCase${p}_${t}`;
      const fails = t % 100 === 7;
      failed ||= fails;
      lines.push(`=== RUN   ${name}`);
      if (fails) lines.push(`    case_test.go:${t}: expected ${t} got ${t + 1}`);
      lines.push(`--- ${fails ? 'FAIL' : 'PASS'}: ${name} (0.00s)`);
    }
    lines.push(failed ? `FAIL\t${pkg}\t0.2s` : `ok  \t${pkg}\t0.1s`);
  }
  return JSON.stringify(lines.map((out, pos) => ({ proc: 'test', pos, out: `${out}\n`, time: 0 })));
}

declare global {
  interface Window {
    __testFrames?: Array<{ start: number; duration: number; scripts?: string }>;
    __testTasks?: Array<{ start: number; duration: number }>;
    __testCountsAt?: number;
  }
}

async function installFrameProbes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__testFrames = [];
    window.__testTasks = [];
    const keep =
      (into: Array<{ start: number; duration: number }>) =>
      (list: PerformanceObserverEntryList) => {
        for (const entry of list.getEntries())
          into.push({ start: entry.startTime, duration: entry.duration });
      };
    // A long frame names its longest scripts: what ran (invoker) and from which file.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const scripts = (
          (
            entry as unknown as {
              scripts?: Array<{ invoker: string; sourceURL: string; duration: number }>;
            }
          ).scripts ?? []
        )
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 2)
          .map(
            (script) =>
              `${script.invoker} ${script.sourceURL.split('/').pop()} ${Math.round(script.duration)} ms`,
          )
          .join('; ');
        window.__testFrames!.push({ start: entry.startTime, duration: entry.duration, scripts });
      }
    }).observe({
      type: 'long-animation-frame',
      buffered: true,
    });
    new PerformanceObserver(keep(window.__testTasks)).observe({ type: 'longtask', buffered: true });
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="tests-counts"]')) {
        window.__testCountsAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

interface Run {
  readMs: number;
  shownMs: number;
  longestFrame: number;
  framesOver50: number;
  longestTask: number;
  longestFrameScripts: string;
  counts: string;
}

async function oneRun(
  options: TestResultsBenchOptions,
  step: { stage: number; step: number },
  body: string,
): Promise<Run> {
  const { browser, base, repo } = options;
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await probe.installProbes(page);
    await installFrameProbes(page);
    await page.route(`**/api/repos/${repo}/builds/1/logs/${step.stage}/${step.step}`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    await page.goto(`${base}/${repo}/1/${step.stage}/${step.step}`);
    await page.waitForFunction(() => window.__testCountsAt !== undefined, undefined, {
      timeout: 300_000,
    });
    return await page.evaluate(
      ({ startMark, endMark }) => {
        const at = (name: string) =>
          performance.getEntriesByName(name, 'mark').at(-1)?.startTime ?? NaN;
        const start = at(startMark);
        const end = window.__testCountsAt!;
        type Entry = { start: number; duration: number; scripts?: string };
        const during = (entries: Entry[]) =>
          entries.filter((entry) => entry.start + entry.duration > start && entry.start < end);
        const frames = during(window.__testFrames ?? []);
        const longest = [...frames].sort((a, b) => b.duration - a.duration)[0];
        const tasks = during(window.__testTasks ?? []);
        return {
          readMs: at(endMark) - start,
          shownMs: end - start,
          longestFrame: Math.max(0, ...frames.map((frame) => frame.duration)),
          framesOver50: frames.filter((frame) => frame.duration > 50).length,
          longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
          longestFrameScripts: longest?.scripts ?? '',
          counts: document.querySelector('[data-testid="tests-counts"]')?.textContent ?? '',
        };
      },
      { startMark: TESTS_READ_START_MARK, endMark: TESTS_READ_MARK },
    );
  } finally {
    await page.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function testResultsBench(options: TestResultsBenchOptions): Promise<void> {
  const step = options.steps.find((candidate) => candidate.lines === 10_000);
  if (!step) return;
  options.section(`test results: ${BENCH_CASES.toLocaleString('en')} cases in a step's log`);
  const body = testCasesLog(BENCH_CASES);
  const runs: Run[] = [];
  for (let run = 0; run < options.runs; run++) runs.push(await oneRun(options, step, body));
  const { report } = options;
  report('tests: cases counted', runs[0]!.counts);
  report('tests: log in -> report (median)', ms(median(runs.map((run) => run.readMs))));
  report('tests: log in -> counts shown (median)', ms(median(runs.map((run) => run.shownMs))));
  report(
    'tests: longest frame meanwhile (each run)',
    runs.map((run) => ms(run.longestFrame)).join(', '),
  );
  report(
    'tests: longest frame ran (each run)',
    runs.map((run) => run.longestFrameScripts || '-').join(' | '),
  );
  report(
    'tests: frames over 50 ms meanwhile (each run)',
    runs.map((run) => run.framesOver50).join(', '),
  );
  report(
    'tests: longest task meanwhile (each run)',
    runs.map((run) => ms(run.longestTask)).join(', '),
  );
}
