import { describe, expect, it } from 'vitest';
import { countsOfLog, rowsOf } from './testLog';

describe('go test -v', () => {
  it('reads results with their output and names the package after them', () => {
    const rows = rowsOf(
      [
        '=== RUN   TestAdd',
        '--- PASS: TestAdd (0.00s)',
        '=== RUN   TestOrders',
        '=== RUN   TestOrders/empty',
        '    orders_test.go:31: expected 0 orders, got 2',
        '--- FAIL: TestOrders (0.01s)',
        '    --- FAIL: TestOrders/empty (0.00s)',
        '=== RUN   TestSlow',
        '    orders_test.go:50: short mode',
        '--- SKIP: TestSlow (0.00s)',
        'FAIL',
        'FAIL\tgithub.com/acme/api/internal/orders\t0.014s',
        '=== RUN   TestToken',
        '--- PASS: TestToken (0.00s)',
        'ok  \tgithub.com/acme/api/internal/auth\t0.003s',
      ].join('\n'),
    );
    expect(rows.map((row) => [row.suite, row.name, row.outcome, row.line])).toEqual([
      ['github.com/acme/api/internal/orders', 'TestOrders', 'failed', 6],
      ['github.com/acme/api/internal/orders', 'TestOrders/empty', 'failed', 7],
      ['github.com/acme/api/internal/orders', 'TestSlow', 'skipped', 10],
      ['github.com/acme/api/internal/orders', 'TestAdd', 'passed', 2],
      ['github.com/acme/api/internal/auth', 'TestToken', 'passed', 14],
    ]);
    expect(rows[1]!.detail?.message).toBe('orders_test.go:31: expected 0 orders, got 2');
  });

  it('adds a panic to the failure it ended', () => {
    const rows = rowsOf(
      [
        '=== RUN   TestNil',
        'panic: runtime error: invalid memory address or nil pointer dereference [recovered]',
        'goroutine 7 [running]:',
        '--- FAIL: TestNil (0.00s)',
        'FAIL\tgithub.com/acme/api\t0.01s',
      ].join('\n'),
    );
    expect(rows[0]!.detail?.message).toContain('panic: runtime error');
  });
});

describe('go test -json', () => {
  const event = (fields: Record<string, unknown>) =>
    JSON.stringify({ Time: '2026-01-01T00:00:00Z', Package: 'example.com/p', ...fields });

  it('reads pass, fail and skip events with their output', () => {
    const rows = rowsOf(
      [
        event({ Action: 'run', Test: 'TestA' }),
        event({ Action: 'output', Test: 'TestA', Output: '=== RUN   TestA\n' }),
        event({ Action: 'output', Test: 'TestA', Output: '    a_test.go:9: <b>bad</b>\n' }),
        event({ Action: 'fail', Test: 'TestA', Elapsed: 0 }),
        event({ Action: 'skip', Test: 'TestB', Elapsed: 0 }),
        event({ Action: 'pass', Test: 'TestC', Elapsed: 0 }),
        event({ Action: 'fail', Elapsed: 0 }),
        '{"Action": broken',
      ].join('\n'),
    );
    expect(rows.map((row) => [row.name, row.outcome, row.line])).toEqual([
      ['TestA', 'failed', 4],
      ['TestB', 'skipped', 5],
      ['TestC', 'passed', 6],
    ]);
    expect(rows[0]!.detail?.message).toBe('a_test.go:9: <b>bad</b>');
  });

  it('reads nothing from a log without tests', () => {
    expect(countsOfLog('+ go build ./...\nok\n')).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });
});
