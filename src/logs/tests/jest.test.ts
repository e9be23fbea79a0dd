import { describe, expect, it } from 'vitest';
import { countsOfLog, rowsOf } from './testLog';

const LOG = [
  'PASS src/format.test.ts',
  'FAIL src/cart.test.ts',
  '  cart',
  '    ✓ adds an item (3 ms)',
  '    ✕ applies a discount (5 ms)',
  '    ○ skipped removes an item',
  '  totals',
  '    ✓ sums (1 ms)',
  '',
  '  ● cart › applies a discount',
  '',
  '    expect(received).toBe(expected) // Object.is equality',
  '',
  '    Expected: <img src=x onerror=alert(1)>',
  '    Received: 10',
  '',
  '      at Object.<anonymous> (src/cart.test.ts:12:22)',
  '      at processTicksAndRejections (node:internal/process/task_queues:95:5)',
  '',
  'Test Suites: 1 failed, 1 passed, 2 total',
  'Tests:       1 failed, 1 skipped, 6 passed, 8 total',
].join('\n');

describe('Jest', () => {
  it('reads verbose results under their describe blocks, and the failure block', () => {
    const rows = rowsOf(LOG);
    expect(rows.map((row) => [row.suite, row.name, row.outcome, row.line])).toEqual([
      ['src/cart.test.ts', 'cart › applies a discount', 'failed', 5],
      ['src/cart.test.ts', 'cart › removes an item', 'skipped', 6],
      ['src/cart.test.ts', 'cart › adds an item', 'passed', 4],
      ['src/cart.test.ts', 'totals › sums', 'passed', 8],
    ]);
    expect(rows[0]!.detail?.message).toContain('Expected: <img src=x onerror=alert(1)>');
    expect(rows[0]!.detail?.stack).toBe(
      'at Object.<anonymous> (src/cart.test.ts:12:22)\n' +
        'at processTicksAndRejections (node:internal/process/task_queues:95:5)',
    );
  });

  it('counts what the totals name beyond the listed cases', () => {
    expect(countsOfLog(LOG)).toEqual({ passed: 6, failed: 1, skipped: 1 });
  });

  it('takes a failure block without a verbose list as a failed case', () => {
    const rows = rowsOf('FAIL src/a.test.ts\n  ● works\n\n    boom\n\n      at x (a.ts:1:1)\n');
    expect(rows.map((row) => [row.name, row.outcome, row.line])).toEqual([['works', 'failed', 2]]);
  });
});
