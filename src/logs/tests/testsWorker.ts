import type { TestReport } from './report';

// What the page (readTests.ts) and the test results worker say to each other: the log's lines in
// slices as the page reads them from its store, then the end; the report back.

export type ToTestsWorker =
  { type: 'lines'; outs: string[]; numbers: Float64Array } | { type: 'end' };

export type FromTestsWorker =
  { type: 'report'; report: TestReport } | { type: 'error'; message: string };
