// The first paint of the other pages a visit often starts on (issue 32 goal 4: nothing slower
// elsewhere): the dashboard, a repository's builds and the builds feed, each opened in a fresh
// browser context, the console's build and another (BENCH_COMPARE) in turn. For each: the first
// contentful paint, and when a painted frame first showed the page's own content (a link its
// answer put there). The page says so through a binding, so nothing is injected into it meanwhile.
import type { Browser, Page } from '@playwright/test';
import { VIEWPORT } from './opening';

interface PageLoad {
  /** The browser's first contentful paint. */
  firstPaint: number;
  /** The first painted frame holding the page's content. */
  contentShown: number;
}

/** Where each page shows its content: a link that only the page's answers put in `main`. */
export const otherPages = (repo: string) => [
  { name: 'dashboard', path: '/', content: `main a[href="/${repo}"]` },
  { name: "a repository's builds", path: `/${repo}`, content: `main a[href="/${repo}/1"]` },
  { name: 'builds feed', path: '/builds-feed', content: `main a[href="/${repo}/1"]` },
];

const CONTENT_BINDING = '__benchContentShown';

/**
 * Records, in the page, the first frame painted after `selector` matched; `shown` settles when the
 * page says so.
 */
async function watchContent(page: Page, selector: string): Promise<{ shown: Promise<void> }> {
  let shown = () => {};
  const signal = new Promise<void>((resolve) => (shown = resolve));
  await page.exposeFunction(CONTENT_BINDING, () => shown());
  // No function is named inside (tsx names them with a `__name` the page lacks).
  await page.addInitScript((wanted) => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector(wanted)) return;
      observer.disconnect();
      // After the next frame's rendering: the first task after its animation-frame callbacks.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          performance.mark('bench: content shown');
          (window as unknown as Record<string, () => void>).__benchContentShown?.();
        };
        channel.port2.postMessage(null);
      });
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  return { shown: signal };
}

async function openPage(browser: Browser, url: string, content: string): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.warn(`page error: ${error.message}`));
    const { shown } = await watchContent(page, content);
    await page.goto(url);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      shown,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${url}: no ${content} in 60 s`)), 60_000);
      }),
    ]).finally(() => clearTimeout(timer));
    return await page.evaluate(() => ({
      firstPaint:
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      contentShown: performance.getEntriesByName('bench: content shown')[0]!.startTime,
    }));
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
};
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');

export async function pagesBench(options: {
  browser: Browser;
  base: string;
  /** Another build in front of the same server (BENCH_COMPARE), loaded in turn. */
  comparedBase?: string;
  repo: string;
  runs: number;
  report: (label: string, value: string) => void;
}): Promise<void> {
  const { browser, base, comparedBase, repo, runs, report } = options;
  for (const { name, path, content } of otherPages(repo)) {
    const loads: PageLoad[] = [];
    const compared: PageLoad[] = [];
    for (let run = 0; run < runs; run++) {
      loads.push(await openPage(browser, `${base}${path}`, content));
      if (comparedBase) compared.push(await openPage(browser, `${comparedBase}${path}`, content));
    }
    const figure = (of: PageLoad[], key: keyof PageLoad) => median(of.map((load) => load[key]));
    const beside = (key: keyof PageLoad) =>
      comparedBase ? ` (compared build ${ms(figure(compared, key))})` : '';
    report(
      `  ${name} (${path}): first contentful paint`,
      `${ms(figure(loads, 'firstPaint'))}${beside('firstPaint')}`,
    );
    report(
      `  ${name}: its content shown`,
      `${ms(figure(loads, 'contentShown'))}${beside('contentShown')}`,
    );
  }
}
