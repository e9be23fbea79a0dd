import { testsReader } from './parseTests';
import type { TestReport } from './report';
import { caseCount, countsOf, rowAt, type TestRow } from './reportView';

// Test helper: a log written as text, parsed as the worker parses it (line k is number k + 1).

export function parseLog(text: string): TestReport {
  const reader = testsReader();
  text.split('\n').forEach((line, k) => reader.line(line, k + 1));
  return reader.report();
}

export function rowsOf(text: string): TestRow[] {
  const report = parseLog(text);
  return Array.from({ length: caseCount(report) }, (_, k) => rowAt(report, k));
}

export const countsOfLog = (text: string) => countsOf(parseLog(text));
