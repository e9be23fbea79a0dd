import type { Page } from '@playwright/test';
import { LOG_READ_MARK } from '../src/api/readStoredLog';

// In-page probes of the console benchmark. They run inside Chromium (page.evaluate), so they
// only use the DOM: the virtualized rows carry `data-pos` (the line's pos), and react-virtuoso's
// item wrappers carry `data-index` (the row's index in the list shown). Another UI's log rows
// (Drone's own, bench/drone-ui.ts) are found by the selector given instead.

declare global {
  interface Window {
    __bootAt?: number;
    __firstLineAt?: number;
    __firstLinePaintedAt?: number;
    __firstLineVisibleAt?: number;
    /** The first row seen: its line and its top in the viewport then. */
    __firstRowSeen?: { pos: string; top: number };
    __watchedLineAt?: number;
    __longTasks?: number[];
    __longTaskSpans?: Array<[number, number]>;
  }
}

/**
 * tsx (esbuild's keepNames) wraps named functions and classes in a `__name` call that does not
 * exist in the page: scripts passed to the page may hold them once this is defined.
 */
async function allowNamedFunctions(page: Page): Promise<void> {
  await page.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
}

/** The user timing mark set when the first line is visible (a trace finds the page by it). */
export const VISIBLE_MARK = 'bench: first line visible';

/** The page's call that says its first line is visible (a binding: see firstLinePainted). */
const VISIBLE_BINDING = '__benchFirstLineVisible';
/** Per page (one load each), settled once the page has called VISIBLE_BINDING. */
const visibleSignals = new WeakMap<Page, Promise<void>>();

/**
 * Records, from the start of each page: when the app first rendered into #root (boot), when the
 * first log row appeared, when a frame holding it was painted and when a painted frame showed a
 * row a user sees (inside the viewport, with text, not covered: the element at its left edge is
 * the row or inside it), and every long task. "Painted" is the first task after an animation frame
 * whose rendering showed a row: a frame's rendering (style, layout, paint) runs after its
 * animation-frame callbacks and before that task. Every frame is looked at, since a row added by
 * an animation-frame callback is painted in that frame.
 */
export async function installProbes(page: Page, rows = '[data-pos]'): Promise<void> {
  await allowNamedFunctions(page);
  if (!visibleSignals.has(page)) {
    let signal = () => {};
    visibleSignals.set(page, new Promise<void>((resolve) => (signal = resolve)));
    await page.exposeFunction(VISIBLE_BINDING, () => signal());
  }
  await page.addInitScript((rowSelector) => {
    window.__longTasks = [];
    window.__longTaskSpans = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__longTasks!.push(entry.duration);
        window.__longTaskSpans!.push([entry.startTime, entry.duration]);
      }
    }).observe({ type: 'longtask', buffered: true });
    new MutationObserver((_, observer) => {
      if (window.__bootAt === undefined && document.getElementById('root')?.firstChild) {
        window.__bootAt = performance.now();
      }
      if (document.querySelector(rowSelector)) {
        window.__firstLineAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
    const seen = (row: HTMLElement) => {
      const box = row.getBoundingClientRect();
      if (box.height === 0 || box.bottom <= 0 || box.top >= innerHeight) return false;
      if (!row.textContent || getComputedStyle(row).visibility === 'hidden') return false;
      const top = Math.max(box.top, 0) + 1;
      const bottom = Math.min(box.bottom, innerHeight) - 1;
      const hit = document.elementFromPoint(box.left + 4, (top + bottom) / 2);
      return hit !== null && (row === hit || row.contains(hit));
    };
    const afterFrame = () => {
      const now = performance.now();
      const rows = document.querySelectorAll<HTMLElement>(rowSelector);
      if (rows.length > 0) window.__firstLinePaintedAt ??= now;
      const row = [...rows].find(seen);
      if (row) {
        window.__firstLineVisibleAt = now;
        // Another UI's rows (bench/drone-ui.ts) name no pos: their text stands for it.
        const pos = row.dataset.pos ?? row.textContent!.slice(0, 40);
        window.__firstRowSeen = { pos, top: row.getBoundingClientRect().top };
        performance.mark('bench: first line visible'); // VISIBLE_MARK: the script is sent as text
        // VISIBLE_BINDING, set by installProbes.
        (window as unknown as { __benchFirstLineVisible?: () => void }).__benchFirstLineVisible?.();
      } else requestAnimationFrame(frame);
    };
    const frame = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = afterFrame;
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(frame);
  }, rows);
}

/** Records when the row of line `pos` first appears on the pages loaded after this call. */
export async function watchLine(page: Page, pos: number): Promise<void> {
  await page.addInitScript((watched) => {
    new MutationObserver((_, observer) => {
      if (document.querySelector(`[data-pos="${watched}"]`)) {
        window.__watchedLineAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, pos);
}

/** When the watched line appeared, from the page's start (in the page, not when polled). */
export async function watchedLineAt(page: Page, pos: number): Promise<number> {
  await page.waitForSelector(`[data-pos="${pos}"]`, { timeout: 120_000 });
  return page.evaluate(() => window.__watchedLineAt ?? Number.NaN);
}

export async function firstLineAt(page: Page): Promise<number> {
  await page.waitForSelector('[data-pos]', { timeout: 120_000 });
  return page.evaluate(() => window.__firstLineAt ?? Number.NaN);
}

export interface FirstPaint {
  boot: number;
  /** DOMContentLoaded handled (the document ready). */
  documentReady: number;
  painted: number;
  visible: number;
  /** Long tasks that started before the first line was visible. */
  longTasks: { count: number; total: number; longest: number };
}

/**
 * When the app booted, the document was ready, and its first log row was painted and visible,
 * from the page's start; the long tasks before that.
 */
export async function firstLinePainted(page: Page): Promise<FirstPaint> {
  // Told by the page, not polled: Playwright's polling (waitForFunction) first injects its own
  // script into the page, 330 KB evaluated on the page's main thread (28 ms in a trace), in the
  // middle of the very load it times.
  const visible = visibleSignals.get(page);
  if (!visible) throw new Error('installProbes was not called for this page');
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    visible,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('no first line visible in 120 s')), 120_000);
    }),
  ]).finally(() => clearTimeout(timer));
  return page.evaluate(() => {
    const visible = window.__firstLineVisibleAt!;
    const before = (window.__longTaskSpans ?? []).filter(([start]) => start < visible);
    const durations = before.map(([, duration]) => duration);
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    return {
      boot: window.__bootAt ?? Number.NaN,
      documentReady: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      painted: window.__firstLinePaintedAt ?? Number.NaN,
      visible,
      longTasks: {
        count: durations.length,
        total: durations.reduce((sum, duration) => sum + duration, 0),
        longest: durations.length ? Math.max(...durations) : 0,
      },
    };
  });
}

/**
 * How far the first row seen has moved since (px): parts that arrive above the log after the
 * first lines (the step's trend lines, the annotation panel) must not push them down (issue 32).
 * Waits for those parts first, at most `settleMs`; NaN if the row is gone.
 */
export async function firstRowMoved(page: Page, settleMs = 5_000): Promise<number> {
  const parts = ['[data-testid=step-insights]', '[data-testid=annotations]'];
  await Promise.all(
    parts.map((part) =>
      page.waitForSelector(part, { state: 'attached', timeout: settleMs }).catch(() => undefined),
    ),
  );
  return page.evaluate(() => {
    const seen = window.__firstRowSeen;
    const rows = seen ? document.querySelectorAll<HTMLElement>(`[data-pos="${seen.pos}"]`) : [];
    const now = [...rows].map((row) => row.getBoundingClientRect()).find((box) => box.height > 0);
    return seen && now ? Math.abs(now.top - seen.top) : Number.NaN;
  });
}

/** When the console had the step's stored log read into lines, from the page's start. */
export async function logReadAt(page: Page): Promise<number> {
  return page.evaluate((mark) => {
    const entry = performance.getEntriesByName(mark, 'mark').at(-1);
    return entry ? entry.startTime : Number.NaN;
  }, LOG_READ_MARK);
}

export async function resetLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__longTasks = [];
  });
}

export async function longestTask(page: Page): Promise<{ longest: number; count: number }> {
  return page.evaluate(() => {
    const tasks = window.__longTasks ?? [];
    return { longest: tasks.length ? Math.max(...tasks) : 0, count: tasks.length };
  });
}

export async function domElementCount(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

export async function renderedRows(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelectorAll('[data-pos]').length);
}

export interface RowProbe {
  firstPos: number;
  lastPos: number;
  lastIndex: number;
}

/** Scrolls the console to its end until the row with `expectedLastPos` (if given) shows. */
export async function scrollToEnd(page: Page, expectedLastPos?: number): Promise<RowProbe> {
  // No helper functions inside: tsx (esbuild keepNames) would wrap them in a `__name` call that
  // does not exist in the page.
  return page.evaluate(async (expected) => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="virtuoso-scroller"]');
    if (!scroller) throw new Error('no log list on the page');
    let seen = { firstPos: -1, lastPos: -1, lastIndex: -1 };
    for (let attempt = 0; attempt < 200; attempt++) {
      scroller.scrollTop = scroller.scrollHeight;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
      const rows = [...document.querySelectorAll<HTMLElement>('[data-pos]')];
      const last = rows[rows.length - 1];
      seen = {
        firstPos: Number(rows[0]?.dataset.pos ?? -1),
        lastPos: Number(last?.dataset.pos ?? -1),
        lastIndex: Number(last?.closest<HTMLElement>('[data-index]')?.dataset.index ?? -1),
      };
      const atBottom = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      if (expected === undefined ? atBottom : seen.lastPos === expected) break;
    }
    return seen;
  }, expectedLastPos);
}

/** The first row of the list (index 0) once scrolled to the top. */
export async function firstRowPos(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="virtuoso-scroller"]');
    if (!scroller) return -1;
    scroller.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    const row = document.querySelector<HTMLElement>('[data-index="0"] [data-pos]');
    return Number(row?.dataset.pos ?? -1);
  });
}

export async function heapMegabytes(page: Page): Promise<number> {
  return page.evaluate(() => {
    const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    return memory ? Math.round(memory.usedJSHeapSize / 1e6) : Number.NaN;
  });
}

/** Waits until the console has read the whole stored log; when it did, from the page's start. */
export async function waitForLogRead(page: Page): Promise<number> {
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark, 'mark').length > 0,
    LOG_READ_MARK,
    { timeout: 180_000 },
  );
  return logReadAt(page);
}

/** The page's live JS heap in MB, after a full garbage collection. */
export async function heapAfterGc(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await session.send('Runtime.getHeapUsage');
    return Math.round(usedSize / 1e6);
  } finally {
    await session.detach();
  }
}

declare global {
  interface Window {
    /** [pos, arrived, painted] of every line a step's event stream delivered. */
    __arrivals?: Array<[number, number, number?]>;
    __frames?: number;
  }
}

/**
 * Times streamed lines from arrival to paint: each line's arrival, and, after every animation
 * frame, which lines the rows on screen reach (a line counts as painted once a row at or past its
 * `pos` was painted). Counts frames. A line arrives when the page can first read it: the console
 * (and the bare page) read a step's stream with fetch, so `fetch` is wrapped for stream URLs and
 * the body piped through a TransformStream that notes, per chunk, its time and the `"pos":N` of
 * the lines it completes; an EventSource (the bare page's other reader) gets a listener before
 * the page's own, each message being a line's arrival.
 */
export async function installStreamProbes(page: Page): Promise<void> {
  await allowNamedFunctions(page);
  await page.addInitScript(() => {
    const arrivals: Array<[number, number, number?]> = [];
    window.__arrivals = arrivals;
    window.__frames = 0;
    const isStepStream = (url: string) => /\/api\/stream\/[^?]+\/\d+\/\d+\/\d+/.test(url);
    const nativeFetch = window.fetch;
    window.fetch = async (input, init) => {
      const response = await nativeFetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (!isStepStream(url) || !response.body) return response;
      const decoder = new TextDecoder();
      let partial = '';
      const timed = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          const now = performance.now();
          const lines = (partial + decoder.decode(chunk, { stream: true })).split('\n');
          partial = lines.pop()!;
          for (const line of lines) {
            const pos = /^data: \{"pos":(\d+)/.exec(line)?.[1];
            if (pos !== undefined) arrivals.push([Number(pos), now]);
          }
          controller.enqueue(chunk);
        },
      });
      const { status, statusText, headers } = response;
      return new Response(response.body.pipeThrough(timed), { status, statusText, headers });
    };
    const NativeEventSource = window.EventSource;
    window.EventSource = class extends NativeEventSource {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        if (!isStepStream(String(url))) return;
        this.addEventListener('message', (event) => {
          try {
            arrivals.push([
              (JSON.parse(event.data as string) as { pos: number }).pos,
              performance.now(),
            ]);
          } catch {
            // Not a line.
          }
        });
      }
    };
    let next = 0;
    const afterPaint = () => {
      const rows = document.querySelectorAll<HTMLElement>('[data-pos]');
      const last = Number(rows[rows.length - 1]?.dataset.pos ?? -1);
      const now = performance.now();
      while (next < arrivals.length && arrivals[next]![0] <= last) arrivals[next++]![2] = now;
    };
    const frame = () => {
      window.__frames! += 1;
      const channel = new MessageChannel();
      channel.port1.onmessage = afterPaint;
      channel.port2.postMessage(null);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

export interface StreamWindow {
  /** Lines arrived so far and frames counted, where a measuring window starts. */
  arrivals: number;
  frames: number;
  at: number;
}

export async function streamWindowStart(page: Page): Promise<StreamWindow> {
  return page.evaluate(() => ({
    arrivals: window.__arrivals!.length,
    frames: window.__frames!,
    at: performance.now(),
  }));
}

export interface StreamFigures {
  /** Arrival to paint of the first line the page received. */
  first: number;
  /** Lines that had arrived when the first was painted (the server replays a step's history). */
  backlog: number;
  median: number;
  p95: number;
  /** Lines of the window never painted (their row never reached). */
  unpainted: number;
  lines: number;
  fps: number;
}

/** Arrival-to-paint figures of the lines that arrived since `start` (a second's grace). */
export async function streamFigures(page: Page, start: StreamWindow): Promise<StreamFigures> {
  return page.evaluate((from) => {
    const arrivals = window.__arrivals!;
    const now = performance.now();
    const seen = arrivals.slice(from.arrivals).filter(([, arrived]) => arrived < now - 1000);
    const delays = seen
      .filter((entry) => entry[2] !== undefined)
      .map(([, arrived, painted]) => painted! - arrived)
      .sort((a, b) => a - b);
    const first = arrivals[0];
    const firstPainted = first?.[2] ?? Number.NaN;
    return {
      first: firstPainted - (first?.[1] ?? Number.NaN),
      backlog: arrivals.filter(([, arrived]) => arrived <= firstPainted).length,
      median: delays[Math.floor(delays.length / 2)] ?? Number.NaN,
      p95: delays[Math.floor(delays.length * 0.95)] ?? Number.NaN,
      unpainted: seen.length - delays.length,
      lines: seen.length,
      fps: ((window.__frames! - from.frames) * 1000) / (now - from.at),
    };
  }, start);
}
