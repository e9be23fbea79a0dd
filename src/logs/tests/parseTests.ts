import { lineSearchText } from '../escapes';
import { goJsonParser, goTestParser } from './goTest';
import { jestParser } from './jest';
import { junitXmlParser } from './junitXml';
import { pytestParser } from './pytest';
import { tapParser } from './tap';
import { TestCollector, type LineParser } from './testCases';
import {
  DETAILED_FAILURES,
  FORMATS,
  OUTCOME_CODES,
  type FailureDetail,
  type TestReport,
} from './report';

// Every format's parser reads every line (a step may run go test, then print a JUnit report); the
// cases come out compact: one string of names and typed arrays, so a hundred thousand cases cross
// from the worker to the page as a few objects and the page builds rows only for those it shows.

export interface TestsReader {
  /** One line as stored (escapes are removed here) and its 1-based number. */
  line(out: string, number: number): void;
  report(): TestReport;
}

export function testsReader(): TestsReader {
  const collector = new TestCollector();
  const parsers: LineParser[] = [
    tapParser(collector),
    goTestParser(collector),
    goJsonParser(collector),
    pytestParser(collector),
    jestParser(collector),
    junitXmlParser(collector),
  ];
  return {
    line(out, number) {
      const text = lineSearchText(out);
      for (const parser of parsers) parser.line(text, number);
    },
    report() {
      for (const parser of parsers) parser.end();
      return compact(collector);
    },
  };
}

function compact(collector: TestCollector): TestReport {
  const ordered = OUTCOME_CODES.flatMap((outcome) =>
    collector.cases.filter((test) => test.outcome === outcome),
  );
  const count = ordered.length;
  const ends = new Int32Array(count);
  const outcomes = new Uint8Array(count);
  const formats = new Uint8Array(count);
  const lines = new Float64Array(count);
  const failures: FailureDetail[] = [];
  const parts: string[] = [];
  let length = 0;
  ordered.forEach((test, k) => {
    const entry = `${test.suite}\t${test.name}`;
    parts.push(entry);
    length += entry.length;
    ends[k] = length;
    length += 1;
    outcomes[k] = OUTCOME_CODES.indexOf(test.outcome);
    formats[k] = FORMATS.indexOf(test.format);
    lines[k] = test.line;
    if (test.outcome === 'failed' && k < DETAILED_FAILURES) {
      failures.push({ message: test.message, stack: test.stack });
    }
  });
  const unnamed = { passed: 0, failed: 0, skipped: 0 };
  for (const format of FORMATS) {
    for (const outcome of OUTCOME_CODES) unnamed[outcome] += collector.unnamed[format][outcome];
  }
  return {
    names: parts.length ? `${parts.join('\n')}\n` : '',
    ends,
    outcomes,
    formats,
    lines,
    failures,
    unnamed,
  };
}
