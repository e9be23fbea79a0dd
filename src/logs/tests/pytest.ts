import type { LineParser, TestCollector, TestOutcome } from './testCases';

// pytest: verbose results (`tests/test_a.py::test_b PASSED  [ 10%]`), the short summary
// (`FAILED tests/test_a.py::test_b - AssertionError: ...`, `SKIPPED [1] tests/a.py:12: reason`),
// the FAILURES section (`____ test_b ____` then the traceback: the stack) and the closing totals
// (`=== 1 failed, 10 passed, 2 skipped in 0.12s ===`), which count the cases never named.

const VERBOSE = /^(\S+\.py::\S.*?) (PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)\b/;
const SHORT = /^(PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS) (?:\[\d+\] )?(\S+?)(?: - (.*))?$/;
const SKIPPED_AT = /^SKIPPED (?:\[\d+\] )?(\S+?\.py):(\d+): ?(.*)$/;
const SECTION = /^={3,} ?(.*?) ?={3,}$/;
const BLOCK = /^_{3,} (.+?) _{3,}$/;
const TOTALS =
  /^={3,} (.*\b(?:passed|failed|skipped|error|errors|xfailed|deselected)\b.*) in [\d.]+s/;

const OUTCOMES: Record<string, TestOutcome> = {
  PASSED: 'passed',
  XPASS: 'passed',
  FAILED: 'failed',
  ERROR: 'failed',
  SKIPPED: 'skipped',
  XFAIL: 'skipped',
};

/** `tests/test_a.py::TestB::test_c[1]` as suite (the file) and name (the rest). */
function splitNodeId(nodeId: string): { suite: string; name: string } {
  const at = nodeId.indexOf('::');
  return at < 0
    ? { suite: '', name: nodeId }
    : { suite: nodeId.slice(0, at), name: nodeId.slice(at + 2) };
}

function totalsOf(text: string) {
  const count = (word: RegExp) => {
    let sum = 0;
    for (const match of text.matchAll(word)) sum += Number(match[1]);
    return sum;
  };
  return {
    passed: count(/(\d+) (?:passed|xpassed)/g),
    failed: count(/(\d+) (?:failed|errors?)\b/g),
    skipped: count(/(\d+) (?:skipped|xfailed)/g),
  };
}

export function pytestParser(out: TestCollector): LineParser {
  let section = '';
  /** The FAILURES block being read: its test's name and traceback. */
  let block: { name: string; lines: string[] } | null = null;
  /** Tracebacks by the short name pytest heads them with (`test_b`, `TestB.test_c`). */
  const stacks = new Map<string, string>();

  const closeBlock = () => {
    if (block) stacks.set(block.name, block.lines.join('\n'));
    block = null;
  };
  const stackFor = (name: string) =>
    stacks.get(name.replace(/::/g, '.')) ?? stacks.get(name.split('::').pop() ?? name) ?? '';

  return {
    line(text, number) {
      const heading = SECTION.exec(text);
      if (heading) {
        closeBlock();
        const totals = TOTALS.exec(text);
        if (totals) out.declare('pytest', totalsOf(totals[1]!));
        section = heading[1]!.toLowerCase();
        return;
      }
      if (section === 'failures' || section === 'errors') {
        const start = BLOCK.exec(text);
        if (start) {
          closeBlock();
          block = { name: start[1]!.replace(/^ERROR (?:at \w+ of )?/, ''), lines: [] };
        } else if (block && block.lines.length < 400) block.lines.push(text);
        return;
      }
      const verbose = VERBOSE.exec(text);
      if (verbose) {
        out.add({
          format: 'pytest',
          ...splitNodeId(verbose[1]!),
          outcome: OUTCOMES[verbose[2]!]!,
          line: number,
        });
        return;
      }
      if (section !== 'short test summary info') return;
      // `SKIPPED [1] tests/a.py:12: reason` names a place, not a node id.
      const skippedAt = SKIPPED_AT.exec(text);
      if (skippedAt) {
        const [, suite, at, reason] = skippedAt;
        out.add({
          format: 'pytest',
          suite: suite!,
          name: `line ${at}`,
          outcome: 'skipped',
          line: number,
          message: reason,
        });
        return;
      }
      const short = SHORT.exec(text);
      if (!short) return;
      const outcome = OUTCOMES[short[1]!]!;
      const id = splitNodeId(short[2]!);
      out.add({
        format: 'pytest',
        ...id,
        outcome,
        line: number,
        message: short[3] ?? '',
        stack: stackFor(id.name),
      });
    },
    end: closeBlock,
  };
}
