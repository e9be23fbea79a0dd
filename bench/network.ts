import type { Page } from '@playwright/test';
import { LOG_REQUEST_MEASURE } from '../src/api/readStoredLog';

// The page's requests, read from its own Resource Timing once a load is measured, and the log
// worker's, which the console measures in the page's timeline (LOG_REQUEST_MEASURE). Not DevTools'
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
  return page.evaluate((logRequest) => {
    const fetched = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      (entry) => ({ url: entry.name, start: entry.startTime, lastByte: entry.responseEnd }),
    );
    const logs = performance.getEntriesByName(logRequest, 'measure').map((entry) => ({
      url: String((entry as PerformanceMeasure).detail),
      start: entry.startTime,
      lastByte: entry.startTime + entry.duration,
    }));
    return [...fetched, ...logs].sort((a, b) => a.start - b.start);
  }, LOG_REQUEST_MEASURE);
}
