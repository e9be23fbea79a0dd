// Test results read from a log (issue 30 item 4): the cases each format's parser finds, gathered
// by one collector that merges repeated reports of the same case, then handed over compactly.

export type TestOutcome = 'passed' | 'failed' | 'skipped';
export type TestFormat = 'tap' | 'go' | 'pytest' | 'jest' | 'junit';

export interface TestCase {
  /** The case's name within its suite (subtests joined as their runner joins them). */
  name: string;
  /** File, package, class or describe block; '' when the format names none. */
  suite: string;
  outcome: TestOutcome;
  format: TestFormat;
  /** 1-based number of the log line that reports the result (`#L{line}`). */
  line: number;
  message: string;
  stack: string;
}

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Texts kept per failure: a runaway stack must not fill the page's memory. */
export const MESSAGE_LIMIT = 4000;
export const STACK_LIMIT = 12_000;

export const clip = (text: string, limit: number) =>
  text.length > limit ? `${text.slice(0, limit)}…` : text;

/** One line of a name: the compact report separates names with tabs and newlines. */
export const oneLine = (text: string) => text.replace(/[\t\n\r]+/g, ' ').trim();

const RANK: Record<TestOutcome, number> = { passed: 0, skipped: 1, failed: 2 };

export type NewCase = Omit<TestCase, 'message' | 'stack'> & { message?: string; stack?: string };

/** Where the parsers put what they find; a case reported twice (a list, then a summary) is one. */
export class TestCollector {
  readonly cases: TestCase[] = [];
  private readonly byKey = new Map<string, number>();
  /** Counted by a summary line without being named (pytest's dots, Jest's totals). */
  readonly unnamed: Record<TestFormat, TestCounts> = {
    tap: zero(),
    go: zero(),
    pytest: zero(),
    jest: zero(),
    junit: zero(),
  };

  add(found: NewCase): void {
    const name = oneLine(found.name);
    if (!name) return;
    const suite = oneLine(found.suite);
    const key = `${found.format}\t${suite}\t${name}`;
    const message = clip(found.message?.trim() ?? '', MESSAGE_LIMIT);
    const stack = clip(found.stack?.trimEnd() ?? '', STACK_LIMIT);
    const known = this.byKey.get(key);
    if (known === undefined) {
      this.byKey.set(key, this.cases.length);
      this.cases.push({ ...found, name, suite, message, stack });
      return;
    }
    const held = this.cases[known]!;
    if (RANK[found.outcome] > RANK[held.outcome]) {
      held.outcome = found.outcome;
      held.line = found.line;
    }
    held.message ||= message;
    held.stack ||= stack;
  }

  /** A case already collected, to add its message or stack found later. */
  find(format: TestFormat, suite: string, name: string): TestCase | undefined {
    const index = this.byKey.get(`${format}\t${oneLine(suite)}\t${oneLine(name)}`);
    return index === undefined ? undefined : this.cases[index];
  }

  /** A summary's totals: what it counts beyond the named cases is kept as unnamed. */
  declare(format: TestFormat, totals: TestCounts): void {
    const named = zero();
    for (const test of this.cases) if (test.format === format) named[test.outcome] += 1;
    this.unnamed[format] = {
      passed: Math.max(0, totals.passed - named.passed),
      failed: Math.max(0, totals.failed - named.failed),
      skipped: Math.max(0, totals.skipped - named.skipped),
    };
  }
}

export const zero = (): TestCounts => ({ passed: 0, failed: 0, skipped: 0 });

/** What a format's parser does with each line of plain text (escapes removed). */
export interface LineParser {
  line(text: string, number: number): void;
  /** The log ended: anything still open is collected. */
  end(): void;
}
