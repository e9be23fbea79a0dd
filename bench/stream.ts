// A running step streaming 2,000 lines a second (bench/logs #2), watched while following: each
// line's arrival-to-paint latency (the first line's, median, p95), frames per second and the
// longest main-thread task meanwhile; beside them, the floor: a bare page (bench/floor.html)
// painting the same stream every animation frame, read with fetch as the console reads it, and
// with an EventSource (one task per line, the way the console read before).
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

/** The bare page's runs, reading the stream one way ('fetch', 'EventSource'). */
export interface Floor {
  reader: string;
  runs: StreamRun[];
}

/** The median run by its first line's latency, with the lines that had arrived by its paint. */
const firstLine = (of: StreamRun[]) => {
  const sorted = [...of].sort((a, b) => a.figures.first - b.figures.first);
  const middle = sorted[Math.floor(sorted.length / 2)]?.figures;
  return middle ? `${ms(middle.first)} (${middle.backlog} lines in)` : '-';
};

/** Each floor's figure beside the console's: `(bare page: fetch 20 ms, EventSource 30 ms)`. */
const besideFloors = (floors: Floor[], figure: (of: StreamRun[]) => string) =>
  floors.length === 0
    ? ''
    : ` (bare page: ${floors.map(({ reader, runs }) => `${reader} ${figure(runs)}`).join(', ')})`;

/** A step that starts while watched: its first line's arrival to paint, median of the runs. */
export function reportFirstLine(
  report: (label: string, value: string) => void,
  runs: StreamRun[],
  floors: Floor[],
): void {
  report(
    `  first live line: arrival to paint (median of ${runs.length})`,
    `${firstLine(runs)}${besideFloors(floors, firstLine)}`,
  );
}

/** The first run's figures, but the first line's latency as the median over all runs. */
export function reportStream(
  report: (label: string, value: string) => void,
  runs: StreamRun[],
  floors: Floor[],
): void {
  const beside = (figure: (of: StreamRun[]) => string) => besideFloors(floors, figure);
  const latency = (of: StreamRun[]) =>
    `${ms(of[0]?.figures.median ?? NaN)} / ${ms(of[0]?.figures.p95 ?? NaN)}`;
  const fps = (of: StreamRun[]) => String(Math.round(of[0]?.figures.fps ?? NaN));
  const longest = (of: StreamRun[]) => ms(of[0]?.longestTask.longest ?? NaN);
  const { figures, longestTask } = runs[0]!;
  report(
    `  first line after connecting, history replayed (median of ${runs.length})`,
    `${firstLine(runs)}${beside(firstLine)}`,
  );
  report('  arrival to paint, median / p95', `${latency(runs)}${beside(latency)}`);
  report('  frames per second', `${fps(runs)}${beside(fps)}`);
  report(
    '  longest main-thread task',
    `${ms(longestTask.longest)} (${longestTask.count} long tasks)${beside(longest)}`,
  );
  report('  lines arrived / never painted', `${figures.lines} / ${figures.unpainted}`);
}
