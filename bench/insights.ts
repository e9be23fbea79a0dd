// Issue 31 part 7: the Insights tab's time to charts on bench/insights (100 builds x 30 steps,
// fixtures/insights-bench.ts), measured over the last 100 builds:
// - cold: a fresh browser context, so nothing is in IndexedDB: a list page and 100 build details;
// - cached: a new page in the same context: the list page only, the details read from IndexedDB.
// Each figure is the time from navigation to the charts on screen, and the API requests the page
// made for the repository's builds. Prints figures; never passes or fails on time.
import type { Browser, Page } from '@playwright/test';
import { INSIGHTS_BENCH_SLUG } from '../fixtures/insights-bench';

export interface InsightsBenchOptions {
  browser: Browser;
  /** The preview server's URL. */
  base: string;
  /** The query the scenario needs ('?scenario=bench' on the in-page mock). */
  query: string;
  report: (label: string, value: string | number) => void;
}

const CHARTS = '[data-testid="insights-charts"]';
const ms = (value: number) => `${Math.round(value)} ms`;

/** Opens the tab; returns ms from navigation to the charts and the builds requests made. */
async function open(page: Page, base: string, query: string) {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/api/repos/${INSIGHTS_BENCH_SLUG}/builds`))
      requests.push(request.url());
  });
  await page.goto(`${base}/${INSIGHTS_BENCH_SLUG}/insights?last=100${query.replace('?', '&')}`);
  const shown = await page.waitForFunction(
    (selector) => document.querySelector(selector) && performance.now(),
    CHARTS,
    { polling: 'raf', timeout: 120_000 },
  );
  return { time: (await shown.jsonValue()) as number, requests: requests.length };
}

export async function insightsBench({ browser, base, query, report }: InsightsBenchOptions) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const cold = await open(await context.newPage(), base, query);
    report('Insights, 100 builds x 30 steps, cold: time to charts', ms(cold.time));
    report('Insights, cold: builds requests', cold.requests);
    const cached = await open(await context.newPage(), base, query);
    report('Insights, cached (IndexedDB): time to charts', ms(cached.time));
    report('Insights, cached: builds requests', cached.requests);
  } finally {
    await context.close();
  }
}
