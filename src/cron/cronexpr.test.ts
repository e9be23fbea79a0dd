// @vitest-environment node
// The one cron parser, robfig/cron's as Drone pins it (docs/drone-api.md 3.8).
import { describe, expect, it } from 'vitest';
import { parseCron, upcomingRuns } from './cronexpr';

const at = (iso: string) => Date.parse(iso);
const next = (spec: string, from: string) => new Date(parseCron(spec).next(at(from))).toISOString();

describe('parseCron (robfig/cron, seconds first)', () => {
  it('expands the descriptors the console offers', () => {
    const from = '2026-11-04T12:30:15.000Z'; // a Wednesday
    expect(next('@hourly', from)).toBe('2026-11-04T13:00:00.000Z');
    expect(next('@daily', from)).toBe('2026-11-05T00:00:00.000Z');
    expect(next('@weekly', from)).toBe('2026-11-08T00:00:00.000Z');
    expect(next('@monthly', from)).toBe('2026-12-01T00:00:00.000Z');
    expect(next('@yearly', from)).toBe('2027-01-01T00:00:00.000Z');
    expect(next('@every 90m', from)).toBe('2026-11-04T14:00:15.000Z');
  });

  it('reads five fields as seconds..month and six with the day of week', () => {
    const from = '2026-11-04T12:30:15.000Z';
    expect(next('0 */15 * * *', from)).toBe('2026-11-04T12:45:00.000Z');
    expect(next('30 0 9 * * mon-fri', from)).toBe('2026-11-05T09:00:30.000Z');
    expect(next('0 0 0 29 feb *', from)).toBe('2028-02-29T00:00:00.000Z');
  });

  it('rejects what robfig rejects, with its message', () => {
    const errors: Array<[string, string]> = [
      ['', 'Empty spec string'],
      ['nope', 'Expected 5 to 6 fields, found 1: nope'],
      ['* * * *', 'Expected 5 to 6 fields, found 4: * * * *'],
      ['61 * * * * *', 'End of range (61) above maximum (59): 61'],
      ['0 0 0 0 * *', 'Beginning of range (0) below minimum (1): 0'],
      ['0 5-2 * * *', 'Beginning of range (5) beyond end of range (2): 5-2'],
      ['0 1-2-3 * * *', 'Too many hyphens: 1-2-3'],
      ['0 */2/3 * * *', 'Too many slashes: */2/3'],
      ['0 */0 * * *', 'Step of range should be a positive number: */0'],
      ['x * * * *', 'Failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
      ['@every', 'Unrecognized descriptor: @every'],
      ['@every x', 'Failed to parse duration @every x: time: invalid duration "x"'],
      ['@every 5', 'Failed to parse duration @every 5: time: missing unit in duration "5"'],
      ['@every 1d', 'Failed to parse duration @every 1d: time: unknown unit "d" in duration "1d"'],
      ['@often', 'Unrecognized descriptor: @often'],
      // No trimming: Drone parses what it is sent.
      [' @daily', 'Expected 5 to 6 fields, found 1:  @daily'],
    ];
    for (const [spec, message] of errors) {
      expect(() => parseCron(spec), spec).toThrow(message);
    }
  });

  it('matches a day by month day or week day, unless either starts with a star', () => {
    const from = '2026-11-04T12:30:15.000Z'; // a Wednesday
    // Both restricted: the 10th or a Friday, whichever comes first.
    expect(next('0 0 0 10 * fri', from)).toBe('2026-11-06T00:00:00.000Z');
    // '*/2' carries the star: every other day that is also a Friday.
    expect(next('0 0 0 */2 * fri', from)).toBe('2026-11-13T00:00:00.000Z');
  });

  it('lists the next runs', () => {
    const runs = upcomingRuns(parseCron('@daily'), at('2026-11-04T12:30:15.000Z'), 3);
    expect(runs.map((run) => new Date(run).toISOString())).toEqual([
      '2026-11-05T00:00:00.000Z',
      '2026-11-06T00:00:00.000Z',
      '2026-11-07T00:00:00.000Z',
    ]);
    // A date that never comes: no runs.
    expect(upcomingRuns(parseCron('0 0 0 31 feb *'), at('2026-11-04T00:00:00Z'), 3)).toEqual([]);
  });
});
