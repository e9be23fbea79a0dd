import { describe, expect, it } from 'vitest';
import { countsOfLog, rowsOf } from './testLog';

const LOG = [
  '============================= test session starts ==============================',
  'collected 5 items',
  '',
  'tests/test_cart.py::test_total PASSED                                    [ 20%]',
  'tests/test_cart.py::TestDiscount::test_rate FAILED                       [ 40%]',
  'tests/test_cart.py::test_tax SKIPPED (no tax service)                    [ 60%]',
  '',
  '=================================== FAILURES ===================================',
  '_________________________ TestDiscount.test_rate __________________________',
  '',
  '    def test_rate(self):',
  '>       assert rate("<gold>") == 0.2',
  'E       AssertionError: assert 0.1 == 0.2',
  '',
  'tests/test_cart.py:14: AssertionError',
  '=========================== short test summary info ============================',
  'FAILED tests/test_cart.py::TestDiscount::test_rate - AssertionError: assert 0.1 == 0.2',
  '============== 1 failed, 3 passed, 1 skipped in 0.12s ==============',
].join('\n');

describe('pytest', () => {
  it('reads verbose results, the short summary and the traceback of each failure', () => {
    const rows = rowsOf(LOG);
    expect(rows.map((row) => [row.suite, row.name, row.outcome, row.line])).toEqual([
      ['tests/test_cart.py', 'TestDiscount::test_rate', 'failed', 5],
      ['tests/test_cart.py', 'test_tax', 'skipped', 6],
      ['tests/test_cart.py', 'test_total', 'passed', 4],
    ]);
    expect(rows[0]!.detail?.message).toBe('AssertionError: assert 0.1 == 0.2');
    expect(rows[0]!.detail?.stack).toContain('>       assert rate("<gold>") == 0.2');
  });

  it('counts the cases the totals name beyond those listed', () => {
    expect(countsOfLog(LOG)).toEqual({ passed: 3, failed: 1, skipped: 1 });
  });

  it('reads a run without -v from its summary', () => {
    const log = [
      'tests/test_a.py ..F.s',
      '=========================== short test summary info ============================',
      'FAILED tests/test_a.py::test_c - ZeroDivisionError',
      'SKIPPED [1] tests/test_a.py:30: needs a database',
      '==================== 1 failed, 3 passed, 1 skipped, 2 warnings in 1.01s ====================',
    ].join('\n');
    expect(rowsOf(log).map((row) => [row.suite, row.name, row.outcome])).toEqual([
      ['tests/test_a.py', 'test_c', 'failed'],
      ['tests/test_a.py', 'line 30', 'skipped'],
    ]);
    expect(countsOfLog(log)).toEqual({ passed: 3, failed: 1, skipped: 1 });
  });
});
