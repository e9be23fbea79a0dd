// The main thread's work before the first line was visible, read from a Chromium trace of one
// load: the union of the renderer main thread's top-level tasks between the page's start and
// the probes' mark (bench/measure.ts VISIBLE_MARK). A trace costs the page some speed, so the
// load it is taken on is not one of the timed ones.
import type { Browser, Page } from '@playwright/test';
import { VISIBLE_MARK } from './measure';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

/** Starts tracing `page`'s process; `stop` answers the main thread's busy milliseconds. */
export async function traceMainThread(
  browser: Browser,
  page: Page,
): Promise<{ stop(visibleAt: number): Promise<number> }> {
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
  return {
    async stop(visibleAt) {
      const buffer = await browser.stopTracing();
      const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
      return busyBefore(traceEvents, visibleAt);
    },
  };
}

/** Busy time of the thread that set the mark, from `visibleAt` ms before the mark to the mark. */
export function busyBefore(events: TraceEvent[], visibleAt: number): number {
  const mark = events.find((event) => event.name === VISIBLE_MARK);
  if (!mark) return Number.NaN;
  const start = mark.ts - visibleAt * 1000;
  const spans = events
    .filter(
      (event) =>
        event.ph === 'X' &&
        event.cat.split(',').includes('toplevel') &&
        event.pid === mark.pid &&
        event.tid === mark.tid &&
        event.ts < mark.ts &&
        event.ts + (event.dur ?? 0) > start,
    )
    .map((event) => [Math.max(event.ts, start), Math.min(event.ts + event.dur!, mark.ts)] as const)
    .sort((a, b) => a[0] - b[0]);
  // Nested top-level tasks count once.
  let busy = 0;
  let reached = start;
  for (const [from, until] of spans) {
    if (until <= reached) continue;
    busy += until - Math.max(from, reached);
    reached = until;
  }
  return busy / 1000;
}
