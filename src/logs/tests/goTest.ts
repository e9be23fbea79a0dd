import type { LineParser, TestCollector, TestOutcome } from './testCases';

// `go test -v`: `=== RUN   TestX`, the test's output (indented `file_test.go:12: ...`), then
// `--- PASS|FAIL|SKIP: TestX (0.01s)`; the package's `ok  \tpkg` / `FAIL\tpkg` line comes after
// its tests and names their suite. `go test -json` prints one event a line
// (`{"Action":"fail","Package":...,"Test":...}`); its `output` events carry the messages.

const RUN = /^=== (?:RUN|CONT|PAUSE|NAME)\s+(\S+)/;
const RESULT = /^\s*--- (PASS|FAIL|SKIP): (\S+) \(([\d.]+s)\)/;
const PACKAGE =
  /^(?:ok|FAIL|\?)\s+(\S+)\s+(?:[\d.]+s|\(cached\)|\[no test files\]|\[build failed\]|\[setup failed\])/;
const PANIC = /^panic: /;

const OUTCOMES: Record<string, TestOutcome> = { PASS: 'passed', FAIL: 'failed', SKIP: 'skipped' };

interface Found {
  name: string;
  outcome: TestOutcome;
  line: number;
  message: string;
}

/** Go's output lines of a test: `    file_test.go:12: message` (the location kept, as go prints it). */
const outputText = (lines: readonly string[]) =>
  lines
    .map((line) => line.replace(/^ {4}/, ''))
    .join('\n')
    .trim();

export function goTestParser(out: TestCollector): LineParser {
  /** Each test's output since its `=== RUN`, until its result line. */
  const output = new Map<string, string[]>();
  let current: string | null = null;
  /** Results of the package being run: its name comes after them. */
  let found: Found[] = [];
  let panic: string[] | null = null;

  const flushPackage = (pkg: string) => {
    for (const test of found) {
      out.add({ format: 'go', suite: pkg, ...test });
    }
    found = [];
    output.clear();
    current = null;
  };

  return {
    line(text, number) {
      const run = RUN.exec(text);
      if (run) {
        current = run[1]!;
        if (!output.has(current)) output.set(current, []);
        return;
      }
      const result = RESULT.exec(text);
      if (result) {
        const name = result[2]!;
        const outcome = OUTCOMES[result[1]!]!;
        const lines = output.get(name) ?? [];
        if (panic && outcome === 'failed') lines.push(...panic);
        found.push({
          name,
          outcome,
          line: number,
          message: outcome === 'passed' ? '' : outputText(lines),
        });
        output.delete(name);
        return;
      }
      const pkg = PACKAGE.exec(text);
      if (pkg) {
        flushPackage(pkg[1]!);
        panic = null;
        return;
      }
      if (PANIC.test(text)) panic = [text];
      else if (panic && panic.length < 200) panic.push(text);
      if (current && /^\s/.test(text)) output.get(current)?.push(text);
    },
    end() {
      if (found.length) flushPackage('');
    },
  };
}

interface GoEvent {
  Action?: unknown;
  Package?: unknown;
  Test?: unknown;
  Output?: unknown;
}

/** `go test -json`: events per line; a line that is not one is left to the other parsers. */
export function goJsonParser(out: TestCollector): LineParser {
  const output = new Map<string, string[]>();
  return {
    line(text, number) {
      if (!text.startsWith('{') || !text.includes('"Action"')) return;
      let event: GoEvent;
      try {
        event = JSON.parse(text) as GoEvent;
      } catch {
        return;
      }
      if (typeof event.Test !== 'string' || typeof event.Action !== 'string') return;
      const suite = typeof event.Package === 'string' ? event.Package : '';
      const key = `${suite}\t${event.Test}`;
      if (event.Action === 'output' && typeof event.Output === 'string') {
        const line = event.Output.replace(/\n$/, '');
        if (!/^(?:=== |--- )/.test(line.trimStart())) {
          const lines = output.get(key) ?? [];
          if (lines.length < 500) lines.push(line);
          output.set(key, lines);
        }
        return;
      }
      const outcome = ({ pass: 'passed', fail: 'failed', skip: 'skipped' } as const)[
        event.Action as 'pass'
      ];
      if (!outcome) return;
      out.add({
        format: 'go',
        suite,
        name: event.Test,
        outcome,
        line: number,
        message: outcome === 'passed' ? '' : outputText(output.get(key) ?? []),
      });
      output.delete(key);
    },
    end() {},
  };
}
