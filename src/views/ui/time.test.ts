import { describe, expect, it } from 'vitest';
import {
  elapsedSeconds,
  formatDate,
  formatDuration,
  formatRelative,
  formatWithWeekday,
  isoDate,
} from './time';

// Times through Intl in the chosen language (issue 19); English output is what the spec shows.

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

describe('time formatting', () => {
  it('says how long ago in each language', () => {
    expect(formatRelative(seconds(NOW) - 300, NOW, 'en')).toBe('5 minutes ago');
    expect(formatRelative(seconds(NOW) - 300, NOW, 'zh-CN')).toBe('5分钟前');
    expect(formatRelative(seconds(NOW) - 2 * 86400, NOW, 'zh-CN')).toBe('前天');
    expect(formatRelative(0, NOW, 'en')).toBe('');
  });

  it('formats durations with the units of each language', () => {
    expect(formatDuration(3723, 'en')).toBe('1h 2m 3s');
    expect(formatDuration(245, 'en')).toBe('4m 05s');
    expect(formatDuration(12, 'en')).toBe('12s');
    expect(formatDuration(-4, 'en')).toBe('0s');
    expect(formatDuration(3723, 'zh-CN')).toBe('1小时2分钟3秒');
    expect(formatDuration(12, 'zh-CN')).toBe('12秒');
  });

  it('gives the absolute time with its date, time and time zone', () => {
    const at = seconds(NOW);
    const english = formatDate(at, 'en');
    expect(english).toContain('2026');
    expect(english).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    // The zone is named (the runner's own zone, whatever it is).
    const zone = new Intl.DateTimeFormat('en', { timeZoneName: 'short' })
      .formatToParts(NOW)
      .find((part) => part.type === 'timeZoneName')!.value;
    expect(english).toContain(zone);
    expect(formatDate(at, 'zh-CN')).toMatch(/2026年1月1\d日/);
    expect(formatDate(0, 'en')).toBe('');
  });

  it("gives a time to come with its weekday in the reader's language (cron runs)", () => {
    const english = formatWithWeekday(NOW, 'en');
    expect(english).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), /);
    expect(english).toContain('2026');
    expect(formatWithWeekday(NOW, 'zh-CN')).toMatch(/2026年1月1\d日周[一二三四五六日]/);
  });

  // Issue 28 item 8: a time or number the server sent that is not one shows as unknown.
  it('shows a time no Date holds, or no number at all, as unknown instead of throwing', () => {
    for (const bad of [1e15, -1e15, NaN, Infinity]) {
      expect(formatRelative(bad, NOW, 'en')).toBe('unknown');
      expect(formatDate(bad, 'en')).toBe('unknown');
      expect(isoDate(bad)).toBeUndefined();
      expect(formatWithWeekday(bad * 1000, 'en')).toBe('unknown');
      expect(formatDuration(elapsedSeconds(bad, seconds(NOW), NOW), 'en')).toBe('unknown');
      expect(formatDuration(elapsedSeconds(seconds(NOW), bad, NOW), 'en')).toBe('unknown');
    }
    expect(formatDuration(NaN, 'en')).toBe('unknown');
    expect(formatDate(0, 'en')).toBe('');
    expect(isoDate(seconds(NOW))).toBe('2026-01-15T12:00:00.000Z');
  });
});
