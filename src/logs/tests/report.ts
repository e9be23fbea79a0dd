import type { TestFormat, TestOutcome } from './testCases';

// The report of one log's test results as it crosses from the parsers (parseTests.ts, in a worker)
// to the page (reportView.ts): kept apart so the page's code holds none of the parsers.

export const FORMATS: readonly TestFormat[] = ['tap', 'go', 'pytest', 'jest', 'junit'];
export const OUTCOME_CODES: readonly TestOutcome[] = ['failed', 'skipped', 'passed'];

/** Failures whose message and stack cross over (the panel shows them first; more is noise). */
export const DETAILED_FAILURES = 1000;

export interface FailureDetail {
  message: string;
  stack: string;
}

/** The cases of one log: failed, then skipped, then passed, each in log order. */
export interface TestReport {
  /** `suite\tname` of each case, each followed by a newline. */
  names: string;
  /** Where case k's entry ends in `names` (the index of its newline). */
  ends: Int32Array;
  /** Index into OUTCOME_CODES. */
  outcomes: Uint8Array;
  /** Index into FORMATS. */
  formats: Uint8Array;
  /** 1-based log line of each case. */
  lines: Float64Array;
  /** Message and stack of the first DETAILED_FAILURES failures, by case index. */
  failures: FailureDetail[];
  /** Cases a summary counted without naming (pytest's dots, Jest's totals). */
  unnamed: { passed: number; failed: number; skipped: number };
}
