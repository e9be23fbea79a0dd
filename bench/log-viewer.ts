// The log viewer's figures (issue 9) on the 1,000,000-line step of bench/logs #1, production build:
// - whole-log search for a string in 10 lines: time from the last keystroke to all 10 matches
//   counted, and the longest main-thread task meanwhile (cold: right after opening the box, while
//   the plain-text index is built; warm: once it is built);
// - opening `#L999999`: time from navigation until that line is on screen (median of 5 loads,
//   each in a fresh browser context: nothing cached);
// - folding and unfolding the group of 100,000 lines the million-line log holds.
// Prints figures; never passes or fails on time (docs/architecture.md 8).
import type { Browser, Page } from '@playwright/test';
import * as probe from './measure';

export interface LogViewerBenchOptions {
  browser: Browser;
  /** Launch options' viewport etc. are the caller's; `base` is the preview server's URL. */
  base: string;
  repo: string;
  /** The million-line step of build 1. */
  step: { stage: number; step: number };
  report: (label: string, value: string | number) => void;
}

/** In exactly 10 lines of the million-line step: ' 0123450' ... ' 0123459'. */
const QUERY = ' 012345';
const ms = (value: number) => `${Math.round(value)} ms`;
const CONSOLE = 'section[aria-label^="Console of step"]';

async function newPage(options: LogViewerBenchOptions): Promise<Page> {
  const page = await options.browser.newPage({ viewport: { width: 1440, height: 900 } });
  await probe.installProbes(page);
  return page;
}

const stepUrl = ({ base, repo, step }: LogViewerBenchOptions, hash = '') =>
  `${base}/${repo}/1/${step.stage}/${step.step}?scenario=bench${hash}`;

/** Types the query key by key; returns ms from the last keystroke to '1 of 10' (no '…'). */
async function timeSearch(page: Page): Promise<number> {
  const box = page.locator(CONSOLE).getByRole('searchbox', { name: 'Search logs' });
  await box.fill('');
  await page.evaluate((selector) => {
    const input = document.querySelector<HTMLInputElement>(`${selector} input[type="search"]`)!;
    const count = document.querySelector(`${selector} [data-testid="search-count"]`)!;
    const w = window as unknown as Record<string, number>;
    w.__lastKey = 0;
    w.__allFound = 0;
    input.addEventListener('input', () => (w.__lastKey = performance.now()));
    new MutationObserver(() => {
      if (count.textContent === '1 of 10' && !w.__allFound) w.__allFound = performance.now();
    }).observe(count, { childList: true, characterData: true, subtree: true });
  }, CONSOLE);
  await probe.resetLongTasks(page);
  await box.pressSequentially(QUERY, { delay: 60 });
  await page.waitForFunction(
    () => ((window as unknown as Record<string, number>).__allFound ?? 0) > 0,
    undefined,
    { timeout: 120_000 },
  );
  return page.evaluate(() => {
    const w = window as unknown as Record<string, number>;
    return w.__allFound! - w.__lastKey!;
  });
}

async function search(options: LogViewerBenchOptions) {
  const { report } = options;
  const page = await newPage(options);
  await page.goto(stepUrl(options));
  await probe.firstLineAt(page);
  await page.waitForTimeout(1500);
  await page.locator(CONSOLE).getByRole('button', { name: 'Search', exact: true }).click();
  const cold = await timeSearch(page);
  const coldTasks = await probe.longestTask(page);
  report('search, 10 matches in 1,000,000 lines, cold index', ms(cold));
  report(
    '  longest main-thread task meanwhile',
    `${ms(coldTasks.longest)} (${coldTasks.count} long tasks)`,
  );
  const warm = await timeSearch(page);
  const warmTasks = await probe.longestTask(page);
  report('search, same, index built', ms(warm));
  report(
    '  longest main-thread task meanwhile',
    `${ms(warmTasks.longest)} (${warmTasks.count} long tasks)`,
  );
  await page.close();
}

/** Page loads per permalink figure: one load varies by a few hundred ms on a busy machine. */
const PERMALINK_RUNS = Number(process.env.BENCH_PERMALINK_RUNS ?? 5);

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${ms(median)} median (${ms(sorted[0]!)} to ${ms(sorted.at(-1)!)}, ${sorted.length} loads)`;
};

async function permalink(options: LogViewerBenchOptions) {
  const shown: number[] = [];
  const read: number[] = [];
  for (let run = 0; run < PERMALINK_RUNS; run++) {
    const page = await newPage(options);
    await probe.watchLine(page, 999_998);
    await page.goto(stepUrl(options, '#L999999'));
    shown.push(await probe.watchedLineAt(page, 999_998));
    read.push(await probe.logReadAt(page));
    await page.close();
  }
  options.report('#L999999: line on screen after navigation', spread(shown));
  options.report('  of which the stored log was read (parsed) at', spread(read));
  options.report(
    '  console part (line on screen - log read)',
    spread(shown.map((value, run) => value - read[run]!)),
  );
}

/** Clicks the group's toggle; ms until it flipped and the next frame was painted. */
async function timeToggle(page: Page, expanded: boolean): Promise<number> {
  return page.evaluate(
    async ({ want, selector }) => {
      const button = document.querySelector<HTMLButtonElement>(selector)!;
      const start = performance.now();
      button.click();
      for (let frame = 0; frame < 600; frame++) {
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        const now = document.querySelector(selector);
        if (now?.getAttribute('aria-expanded') === String(want)) break;
      }
      return performance.now() - start;
    },
    { want: expanded, selector: `${CONSOLE} button[aria-expanded]` },
  );
}

async function folding(options: LogViewerBenchOptions) {
  const page = await newPage(options);
  // The million-line log holds one group of 100,000 lines, opened by line 300,001: the
  // permalink opens the list at that header line (it is not inside the group).
  await page.goto(stepUrl(options, '#L300001'));
  const selector = `${CONSOLE} button[aria-expanded]`;
  await page.locator(selector).first().waitFor({ timeout: 180_000 });
  // The first screen's plain rows hold a copy of the header until react-virtuoso takes over.
  await page.waitForFunction((rows) => document.querySelectorAll(rows).length === 1, selector, {
    timeout: 60_000,
  });
  await page.waitForTimeout(1000);
  const unfold = await timeToggle(page, true);
  await page.waitForTimeout(500);
  const fold = await timeToggle(page, false);
  options.report('unfold a group of 100,000 lines (to next paint)', ms(unfold));
  options.report('fold it again (to next paint)', ms(fold));
  await page.close();
}

export async function logViewerBench(options: LogViewerBenchOptions): Promise<void> {
  console.info('log viewer, 1,000,000-line step');
  await search(options);
  await permalink(options);
  await folding(options);
}
