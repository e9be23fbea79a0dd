import { describe, expect, it } from 'vitest';
import { formatClockTime, formatClockTitle } from './clock';

// Wall-clock times of log lines, in the reader's time zone (the test runs in the machine's).

describe('clock times', () => {
  const started = 1_700_000_000; // 2023-11-14 22:13:20 UTC
  const at = new Date((started + 65) * 1000);
  const zone = new Intl.DateTimeFormat('en', { timeZoneName: 'short' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')!.value;

  it("shows a line's time of day from the step's start and its elapsed seconds", () => {
    const pad = (value: number) => String(value).padStart(2, '0');
    expect(formatClockTime(started, 65)).toBe(
      `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`,
    );
  });

  it('names the date, the time and the time zone for the tooltip', () => {
    const title = formatClockTitle(started, 65);
    expect(title).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S/);
    expect(title.startsWith(`${at.getFullYear()}-`)).toBe(true);
    expect(title).toContain(formatClockTime(started, 65));
    expect(title.endsWith(` ${zone}`)).toBe(true);
  });

  it("names the time zone in the reader's language", () => {
    const zoneIn = (locale: string) =>
      new Intl.DateTimeFormat(locale, { timeZoneName: 'short' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')!.value;
    expect(formatClockTitle(started, 65, 'zh-CN').endsWith(` ${zoneIn('zh-CN')}`)).toBe(true);
    expect(formatClockTitle(started, 65, 'en')).toBe(formatClockTitle(started, 65));
  });
});
