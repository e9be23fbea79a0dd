// @vitest-environment node
// The one cron parser, robfig/cron's as Drone pins it (docs/drone-api.md 3.8).
import { describe, expect, it } from 'vitest';
import { MAX_DATE_MS, parseCron, parseDuration, upcomingRuns } from './cronexpr';

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

  it('schedules every run it accepts within what a Date holds', () => {
    // Go's longest duration is 292 years; the server keeps `next` in seconds, 1000 times more.
    const schedule = parseCron('@every 2562047h47m16s');
    expect(schedule.next(at('2026-11-04T00:00:00Z'))).toBeLessThan(MAX_DATE_MS);
  });
});

// Go's time.ParseDuration, overflow errors included (issue 28 item 7).
describe('parseDuration (Go)', () => {
  it('reads what Go reads, in milliseconds', () => {
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('.5s')).toBe(500);
    expect(parseDuration('-2m')).toBe(-120_000);
    expect(parseDuration('+0')).toBe(0);
    expect(parseDuration('300µs')).toBe(0.3);
    expect(parseDuration('2562047h47m16.854775807s')).toBe(9_223_372_036_854.775);
  });

  it('refuses a duration past int64 nanoseconds, as Go does', () => {
    for (const text of [
      '99999999999h',
      '2562048h',
      '2562047h47m16.854775808s',
      '9223372036854775808ns',
      '99999999999999999999999s',
    ]) {
      expect(() => parseDuration(text), text).toThrow(`time: invalid duration "${text}"`);
    }
    expect(parseDuration('-9223372036854775808ns')).toBe(-9_223_372_036_854.775);
  });

  it('quotes the input as Go does: other bytes than printable ASCII as \\x escapes', () => {
    expect(() => parseDuration('1h\u202e')).toThrow(
      'time: unknown unit "h\\xe2\\x80\\xae" in duration "1h\\xe2\\x80\\xae"',
    );
    expect(() => parseDuration('.s')).toThrow('time: invalid duration ".s"');
    expect(() => parseDuration('1"')).toThrow('time: unknown unit "\\"" in duration "1\\""');
  });

  it('makes robfig refuse @every with an overflowing duration, and Atoi an overflowing int', () => {
    expect(() => parseCron('@every 99999999999h')).toThrow(
      'Failed to parse duration @every 99999999999h: time: invalid duration "99999999999h"',
    );
    expect(() => parseCron('99999999999999999999 * * * *')).toThrow(
      'Failed to parse int from 99999999999999999999: strconv.Atoi: parsing "99999999999999999999": value out of range',
    );
  });
});
