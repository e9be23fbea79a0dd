import type { Page } from '@playwright/test';

// The page's requests, read from its own Resource Timing once a load is measured (the console's
// calls all leave from the page: its log worker gets the body from the page). Not DevTools'
// network events: a browser reporting every chunk to the bench, and holding each new worker until
// the bench lets it run, is slower than the one a user has (issue 32). Times are milliseconds
// from the page's navigation start; a request still open (an event stream) is not listed.

export interface RequestTimes {
  url: string;
  /** When the page asked for it. */
  start: number;
  /** When its last byte arrived. */
  lastByte: number;
}

/** Every finished request of the page so far, in the order they were asked for. */
export async function pageRequests(page: Page): Promise<RequestTimes[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((entry) => ({ url: entry.name, start: entry.startTime, lastByte: entry.responseEnd }))
      .sort((a, b) => a.start - b.start),
  );
}
