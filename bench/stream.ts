// A running step streaming 2,000 lines a second (bench/logs #2), watched while following: each
// line's arrival-to-paint latency (the first line's, median, p95), frames per second and the
// longest main-thread task meanwhile; beside them, the floor: a bare page (bench/floor.html)
// painting the same stream every animation frame.
import type { Browser, Page } from '@playwright/test';
import * as probe from './measure';
import { VIEWPORT } from './opening';

export interface StreamRun {
  figures: probe.StreamFigures;
  longestTask: { longest: number; count: number };
}

/** Opens `url` in a fresh context, lets `prepare` set the page up, then watches for `seconds`. */
export async function watchStream(
  browser: Browser,
  url: string,
  seconds: number,
  prepare: (page: Page) => Promise<void> = async () => undefined,
  after: (page: Page) => Promise<void> = async () => undefined,
): Promise<StreamRun> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
    await probe.installProbes(page);
    await probe.installStreamProbes(page);
    await page.goto(url);
    await page.waitForSelector('[data-pos]', { timeout: 120_000 });
    await prepare(page);
    await page.waitForTimeout(1000);
    const start = await probe.streamWindowStart(page);
    await probe.resetLongTasks(page);
    await page.waitForTimeout(seconds * 1000);
    const run = {
      figures: await probe.streamFigures(page, start),
      longestTask: await probe.longestTask(page),
    };
    await after(page);
    return run;
  } finally {
    await context.close();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');

/** The first run's figures, but the first line's latency as the median over all runs. */
export function reportStream(
  report: (label: string, value: string) => void,
  runs: StreamRun[],
  floorRuns: StreamRun[] | undefined,
): void {
  const beside = (value: string) => (floorRuns ? ` (bare page ${value})` : '');
  /** The median run by its first line's latency, with the lines that had arrived by its paint. */
  const first = (of: StreamRun[] | undefined) => {
    const sorted = [...(of ?? [])].sort((a, b) => a.figures.first - b.figures.first);
    const middle = sorted[Math.floor(sorted.length / 2)]?.figures;
    return middle ? `${ms(middle.first)} (${middle.backlog} lines in)` : '-';
  };
  const { figures, longestTask } = runs[0]!;
  const f = floorRuns?.[0]?.figures;
  report(
    `  first streamed line: arrival to paint (median of ${runs.length})`,
    `${first(runs)}${beside(first(floorRuns))}`,
  );
  report(
    '  arrival to paint, median / p95',
    `${ms(figures.median)} / ${ms(figures.p95)}${beside(`${ms(f?.median ?? NaN)} / ${ms(f?.p95 ?? NaN)}`)}`,
  );
  report(
    '  frames per second',
    `${Math.round(figures.fps)}${beside(String(Math.round(f?.fps ?? Number.NaN)))}`,
  );
  report(
    '  longest main-thread task',
    `${ms(longestTask.longest)} (${longestTask.count} long tasks)${beside(ms(floorRuns?.[0]?.longestTask.longest ?? NaN))}`,
  );
  report('  lines arrived / never painted', `${figures.lines} / ${figures.unpainted}`);
}
