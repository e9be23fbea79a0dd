import type { Page } from '@playwright/test';
import { LOG_READ_MARK } from '../src/logs/storedLog';

// In-page probes of the console benchmark. They run inside Chromium (page.evaluate), so they
// only use the DOM: the virtualized rows carry `data-pos` (the line's pos), and react-virtuoso's
// item wrappers carry `data-index` (the row's index in the list shown).

declare global {
  interface Window {
    __firstLineAt?: number;
    __watchedLineAt?: number;
    __longTasks?: number[];
  }
}

/** Records when the first log row appears and every long task, from the start of each page. */
export async function installProbes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks!.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-pos]')) {
        window.__firstLineAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
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
