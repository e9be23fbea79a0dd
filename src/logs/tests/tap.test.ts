import { describe, expect, it } from 'vitest';
import { countsOfLog, rowsOf } from './testLog';

describe('TAP', () => {
  it('reads results, directives and the YAML block of a failure', () => {
    const rows = rowsOf(
      [
        'TAP version 13',
        '1..4',
        'ok 1 - adds numbers',
        'not ok 2 - subtracts numbers',
        '  ---',
        "  message: 'expected 1 to equal 2'",
        '  stack: |-',
        '    at Test.<anonymous> (test/math.js:12:5)',
        '    at process.processTicksAndRejections',
        '  ...',
        'ok 3 - divides # SKIP no floats here',
        'not ok 4 - multiplies # TODO not written',
      ].join('\n'),
    );
    expect(rows.map((row) => [row.name, row.outcome, row.line])).toEqual([
      ['subtracts numbers', 'failed', 4],
      ['divides', 'skipped', 11],
      ['multiplies', 'skipped', 12],
      ['adds numbers', 'passed', 3],
    ]);
    expect(rows[0]!.detail).toEqual({
      message: 'expected 1 to equal 2',
      stack: 'at Test.<anonymous> (test/math.js:12:5)\nat process.processTicksAndRejections',
    });
  });

  it("names node:test's subtests by their parent", () => {
    const rows = rowsOf(
      [
        '# Subtest: math',
        '    # Subtest: adds',
        '    ok 1 - adds',
        '    not ok 2 - fails',
        '      ---',
        '      error: "boom"',
        '      ...',
        '    1..2',
        'not ok 1 - math',
      ].join('\n'),
    );
    expect(rows.map((row) => [row.suite, row.name, row.outcome])).toEqual([
      ['math', 'fails', 'failed'],
      ['', 'math', 'failed'],
      ['math', 'adds', 'passed'],
    ]);
    expect(rows[0]!.detail?.message).toBe('boom');
  });

  it("does not take go test's package line or prose for TAP", () => {
    expect(countsOfLog('ok  \tgithub.com/acme/api\t0.2s\nok, done\nnot ok\n')).toEqual({
      passed: 0,
      failed: 0,
      skipped: 0,
    });
  });

  it('survives a block that never closes', () => {
    const rows = rowsOf('not ok 1 - cut\n  ---\n  message: half');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail?.message).toBe('half');
  });
});
