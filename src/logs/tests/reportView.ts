import { FORMATS, OUTCOME_CODES, type FailureDetail, type TestReport } from './report';
import type { TestCounts, TestFormat, TestOutcome } from './testCases';

// Reading a compact TestReport on the page: counts, one case's fields, the comparison with the
// previous build's report and the search, each without building a row per case.

export interface TestRow {
  index: number;
  suite: string;
  name: string;
  outcome: TestOutcome;
  format: TestFormat;
  line: number;
  detail: FailureDetail | null;
}

export const caseCount = (report: TestReport) => report.ends.length;

const entryStart = (report: TestReport, k: number) => (k === 0 ? 0 : report.ends[k - 1]! + 1);

/** `suite\tname` of case k. */
export const keyAt = (report: TestReport, k: number) =>
  report.names.slice(entryStart(report, k), report.ends[k]);

export function rowAt(report: TestReport, k: number): TestRow {
  const key = keyAt(report, k);
  const tab = key.indexOf('\t');
  const outcome = OUTCOME_CODES[report.outcomes[k]!]!;
  return {
    index: k,
    suite: key.slice(0, tab),
    name: key.slice(tab + 1),
    outcome,
    format: FORMATS[report.formats[k]!]!,
    line: report.lines[k]!,
    detail: outcome === 'failed' ? (report.failures[k] ?? null) : null,
  };
}

export function countsOf(report: TestReport): TestCounts {
  const counts = { ...report.unnamed };
  for (const code of report.outcomes) counts[OUTCOME_CODES[code]!] += 1;
  return counts;
}

/** Failed cases come first: their number. */
export function failedCount(report: TestReport): number {
  let count = 0;
  while (count < report.outcomes.length && OUTCOME_CODES[report.outcomes[count]!] === 'failed') {
    count += 1;
  }
  return count;
}

/**
 * For each failed case of `current` (the first `failedCount` cases), 1 when the same case (suite
 * and name) failed in `previous` as well, else 0: new since the previous build.
 */
export function alreadyFailing(current: TestReport, previous: TestReport): Uint8Array {
  const failedBefore = new Set<string>();
  const before = failedCount(previous);
  for (let k = 0; k < before; k++) failedBefore.add(keyAt(previous, k));
  const failed = failedCount(current);
  const flags = new Uint8Array(failed);
  for (let k = 0; k < failed; k++) flags[k] = failedBefore.has(keyAt(current, k)) ? 1 : 0;
  return flags;
}

/**
 * Indexes of the cases whose suite or name holds `query` (any case), in report order, at most
 * `limit`; `total` counts them all. One pass of indexOf over the names, not one per case.
 */
export function searchCases(
  report: TestReport,
  query: string,
  limit: number,
): { indexes: number[]; total: number } {
  const count = caseCount(report);
  const needle = query.trim().toLowerCase();
  if (!needle) {
    const shown = Math.min(limit, count);
    return { indexes: Array.from({ length: shown }, (_, k) => k), total: count };
  }
  const haystack = report.names.toLowerCase();
  const indexes: number[] = [];
  let total = 0;
  let k = 0;
  for (let at = haystack.indexOf(needle); at >= 0 && k < count;) {
    while (k < count && report.ends[k]! < at) k += 1;
    if (k >= count) break;
    if (at + needle.length <= report.ends[k]!) {
      total += 1;
      if (indexes.length < limit) indexes.push(k);
    }
    const next = report.ends[k]! + 1;
    k += 1;
    at = haystack.indexOf(needle, Math.max(next, at + 1));
  }
  return { indexes, total };
}
