// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseCron } from './cronexpr';

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

  it('rejects what robfig rejects', () => {
    for (const spec of ['', 'nope', '* * * *', '61 * * * * *', '@every', '@every x', '@often']) {
      expect(() => parseCron(spec), spec).toThrow();
    }
  });
});
