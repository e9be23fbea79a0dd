import { describe, expect, it } from 'vitest';
import { CONTEXT_LINES, diffLogs, MAX_CHANGED_LINES, MAX_SHOWN_ROWS } from './logDiff';

const log = (count: number, line = (n: number) => `step ${n} at 2026-11-27T10:00:0${n % 10}Z\n`) =>
  Array.from({ length: count }, (_, index) => line(index + 1));

describe('diffLogs', () => {
  it('finds nothing between runs that differ only by masked noise', () => {
    const before = log(100, (n) => `step ${n} in 0.${n}s /tmp/build-${n}a9f3c1/out\n`);
    const after = log(100, (n) => `step ${n} in 1.${n}s /tmp/build-${n}77d0e2/out\n`);
    const diff = diffLogs(before, after);
    expect(diff).toMatchObject({ hunks: [], added: 0, removed: 0, skippedAfter: 100 });
    expect(diff.firstNewError).toBeNull();
  });

  it('shows each change with its context and collapses the unchanged runs', () => {
    const before = log(100);
    const after = [...before];
    after[19] = 'step 20 changed\n';
    after.splice(80, 0, 'Error: connection refused\n');
    const diff = diffLogs(before, after);
    expect(diff.added).toBe(2);
    expect(diff.removed).toBe(1);
    expect(diff.hunks.map((hunk) => hunk.skipped)).toEqual([
      19 - CONTEXT_LINES,
      80 - 20 - 2 * CONTEXT_LINES,
    ]);
    expect(diff.skippedAfter).toBe(100 - 80 - CONTEXT_LINES);
    const [first, second] = diff.hunks;
    expect(first!.rows.map((row) => [row.kind, row.before, row.after])).toEqual([
      ['same', 17, 17],
      ['same', 18, 18],
      ['same', 19, 19],
      ['removed', 20, undefined],
      ['added', undefined, 20],
      ['same', 21, 21],
      ['same', 22, 22],
      ['same', 23, 23],
    ]);
    // The failed side's numbers count the inserted line.
    expect(second!.rows.find((row) => row.kind === 'added')).toEqual({
      kind: 'added',
      after: 81,
      text: 'Error: connection refused',
    });
    expect(second!.rows.at(-1)).toMatchObject({ before: 83, after: 84 });
  });

  it('keeps a short unchanged run between two changes inside one hunk', () => {
    const before = log(30);
    const after = [...before];
    after[9] = 'x\n';
    after[13] = 'y\n';
    const diff = diffLogs(before, after);
    expect(diff.hunks).toHaveLength(1);
    expect(diff.hunks[0]!.rows.filter((row) => row.kind === 'same')).toHaveLength(3 + 3 + 3);
  });

  it('points at the first added line that reads as an error, not one both logs have', () => {
    const before = ['build\n', 'Error: flaky network, retrying\n', 'ok\n'];
    const after = [
      'build\n',
      'Error: flaky network, retrying\n',
      '0 errors\n',
      '\u001b[31mFAIL\u001b[0m app.test.ts\n',
    ];
    expect(diffLogs(before, after).firstNewError).toEqual({ line: 4, text: 'FAIL app.test.ts' });
  });

  it('shows the text as read, not masked', () => {
    const diff = diffLogs(['a\n'], ['a\n', 'took 3.2s at /tmp/x\n']);
    expect(diff.hunks[0]!.rows.at(-1)).toMatchObject({
      kind: 'added',
      text: 'took 3.2s at /tmp/x',
    });
  });

  it('draws at most MAX_SHOWN_ROWS rows of a log that changed everywhere', () => {
    const count = MAX_SHOWN_ROWS;
    const diff = diffLogs(
      log(count, (n) => `old ${n}\n`),
      log(count, (n) => `new ${n}\n`),
    );
    expect(diff.truncated).toBe(true);
    expect(diff.hunks.flatMap((hunk) => hunk.rows)).toHaveLength(MAX_SHOWN_ROWS);
    expect(diff.added).toBe(count);
  });

  it('compares a failed log that stopped early with a much longer green one', () => {
    const before = log(40_000, (n) => `--- PASS: Test${n} (0.0${n % 10}s)\n`);
    const after = [...before.slice(0, 1000), 'panic: nil map\n'];
    const diff = diffLogs(before, after);
    expect(diff).toMatchObject({ added: 1, removed: 39_000, tooDifferent: false });
    expect(diff.firstNewError).toEqual({ line: 1001, text: 'panic: nil map' });
    expect(diff.hunks[0]!.skipped).toBe(1000 - CONTEXT_LINES);
  });

  it('gives up past MAX_CHANGED_LINES lines both logs hold in another order', () => {
    const before = log(MAX_CHANGED_LINES, (n) => `line ${n}\n`);
    const diff = diffLogs(before, [...before].reverse());
    expect(diff.tooDifferent).toBe(true);
    expect(diff.hunks).toEqual([]);
  });
});
