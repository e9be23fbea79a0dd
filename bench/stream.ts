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

export function reportStream(
  report: (label: string, value: string) => void,
  run: StreamRun,
  floor: StreamRun | undefined,
): void {
  const beside = (value: string) => (floor ? ` (bare page ${value})` : '');
  const { figures, longestTask } = run;
  const f = floor?.figures;
  report(
    '  first streamed line: arrival to paint',
    `${ms(figures.first)}${beside(ms(f?.first ?? Number.NaN))}`,
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
    `${ms(longestTask.longest)} (${longestTask.count} long tasks)${beside(ms(floor?.longestTask.longest ?? NaN))}`,
  );
  report('  lines arrived / never painted', `${figures.lines} / ${figures.unpainted}`);
}
