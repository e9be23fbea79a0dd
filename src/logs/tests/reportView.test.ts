import { describe, expect, it } from 'vitest';
import { cardTestReports } from './cardTests';
import { alreadyFailing, failedCount, keyAt, searchCases } from './reportView';
import { parseLog } from './testLog';

const tap = (results: string[]) =>
  results
    .map((result, k) => `${result} ${k + 1} - ${['alpha', 'beta', 'gamma', 'delta'][k]}`)
    .join('\n');

describe('reading a report', () => {
  it('puts failures first and tells new ones from those that failed before', () => {
    const current = parseLog(tap(['ok', 'not ok', 'not ok', 'ok']));
    const previous = parseLog(tap(['not ok', 'ok', 'not ok', 'ok']));
    expect(failedCount(current)).toBe(2);
    expect([keyAt(current, 0), keyAt(current, 1)]).toEqual(['\tbeta', '\tgamma']);
    expect(Array.from(alreadyFailing(current, previous))).toEqual([0, 1]);
  });

  it('searches suite and name in any case, within a limit, counting every match', () => {
    const report = parseLog(tap(['ok', 'ok', 'ok', 'ok']));
    expect(searchCases(report, 'A', 2)).toEqual({ indexes: [0, 1], total: 4 });
    expect(searchCases(report, 'MMA', 10)).toEqual({ indexes: [2], total: 1 });
    expect(searchCases(report, 'zzz', 10)).toEqual({ indexes: [], total: 0 });
    expect(searchCases(report, '  ', 3)).toEqual({ indexes: [0, 1, 2], total: 4 });
  });
});

describe("a drone-junit card's data", () => {
  it('reads each report, errors counted as failures', () => {
    expect(
      cardTestReports({
        reports: [
          {
            name: 'api.xml',
            tests: { failed: 2, errored: 1, skipped: 0, passed: 35 },
            time: '450ms',
          },
          { name: 7, tests: { passed: -3, failed: 'x' } },
          { nothing: true },
        ],
      }),
    ).toEqual([
      { name: 'api.xml', passed: 35, failed: 3, skipped: 0, time: '450ms' },
      { name: '', passed: 0, failed: 0, skipped: 0, time: '' },
    ]);
  });

  it("is not a docker card's data, nor junk", () => {
    expect(cardTestReports({ Repository: 'acme/api', Tags: ['1.0'] })).toBeNull();
    expect(cardTestReports(null)).toBeNull();
    expect(cardTestReports({ reports: [] })).toBeNull();
  });
});
