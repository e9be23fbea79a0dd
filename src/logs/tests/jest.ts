import type { LineParser, TestCollector, TestOutcome } from './testCases';

// Jest's default reporter: `PASS|FAIL path/to/file.test.ts` per file; with --verbose each test
// under its describe blocks (`✓ adds (3 ms)`, `✕ subtracts`, `○ skipped name`, `✎ todo name`),
// nested by indentation; each failure's block (`● describe › test`, its message, then the
// `at ...` stack); the totals (`Tests:  1 failed, 2 skipped, 10 passed, 13 total`).

const FILE = /^\s*(PASS|FAIL) +([^\t]+?)(?: \([\d.]+ m?s\))?$/;
const TEST = /^(\s+)([✓✔√✕✖×○✎])\s+(.+?)(?: \(\d+(?:\.\d+)? m?s\))?$/;
const FAILURE = /^\s+● (.+)$/;
const TOTALS = /^Tests:\s+(.*\d+ total)/;
const STACK = /^\s+at /;

const OUTCOMES: Record<string, TestOutcome> = {
  '✓': 'passed',
  '✔': 'passed',
  '√': 'passed',
  '✕': 'failed',
  '✖': 'failed',
  '×': 'failed',
  '○': 'skipped',
  '✎': 'skipped',
};

const SEPARATOR = ' › ';

export function jestParser(out: TestCollector): LineParser {
  let file = '';
  let describes: Array<{ indent: number; name: string }> = [];
  let block: { name: string; line: number; message: string[]; stack: string[] } | null = null;

  const closeBlock = () => {
    if (!block) return;
    const known = out.find('jest', file, block.name);
    const message = block.message.join('\n').trim();
    const stack = block.stack.join('\n').trim();
    if (known) {
      known.message ||= message;
      known.stack ||= stack;
    } else {
      out.add({
        format: 'jest',
        suite: file,
        name: block.name,
        outcome: 'failed',
        line: block.line,
        message,
        stack,
      });
    }
    block = null;
  };

  return {
    line(text, number) {
      const fileLine = FILE.exec(text);
      if (fileLine) {
        closeBlock();
        file = fileLine[2]!;
        describes = [];
        return;
      }
      if (/^(?:Test Suites|Snapshots|Time|Ran all test suites)\b/.test(text)) {
        closeBlock();
        return;
      }
      const totals = TOTALS.exec(text);
      if (totals) {
        closeBlock();
        const count = (word: string) =>
          Number(new RegExp(`(\\d+) ${word}`).exec(totals[1]!)?.[1] ?? 0);
        out.declare('jest', {
          passed: count('passed'),
          failed: count('failed'),
          skipped: count('skipped') + count('todo'),
        });
        file = '';
        return;
      }
      if (!file) return;
      const failure = FAILURE.exec(text);
      if (failure) {
        closeBlock();
        block = { name: failure[1]!.trim(), line: number, message: [], stack: [] };
        return;
      }
      if (block) {
        if (STACK.test(text) || (block.stack.length > 0 && text.trim() === '')) {
          if (block.stack.length < 200) block.stack.push(text.trim());
        } else if (block.stack.length === 0 && block.message.length < 200)
          block.message.push(text.replace(/^ {4}/, ''));
        return;
      }
      const test = TEST.exec(text);
      if (test) {
        const indent = test[1]!.length;
        const path = describes
          .filter((describe) => describe.indent < indent)
          .map((describe) => describe.name);
        out.add({
          format: 'jest',
          suite: file,
          name: [...path, test[3]!.replace(/^(?:skipped|todo) /, '').trim()].join(SEPARATOR),
          outcome: OUTCOMES[test[2]!]!,
          line: number,
        });
        return;
      }
      // A describe block's header: an indented line of its own between tests.
      const header = /^(\s{2,})(\S.*)$/.exec(text);
      if (header && !text.includes(':')) {
        const indent = header[1]!.length;
        describes = describes.filter((describe) => describe.indent < indent);
        describes.push({ indent, name: header[2]!.trim() });
      }
    },
    end: closeBlock,
  };
}
