// The two timestamp modes of a log line: Drone's `time` (seconds since the step started), or the
// wall-clock time it stands for (the step's start plus that time), in the reader's time zone.
// The time zone is named in the reader's language: the view passes its locale in (this folder
// imports no framework and no translator).

export type TimestampMode = 'elapsed' | 'clock';

const pad = (value: number) => String(value).padStart(2, '0');

/** Wall-clock time of a line as HH:MM:SS, from the step's start (unix seconds) and its `time`. */
export function formatClockTime(stepStarted: number, elapsed: number): string {
  const date = new Date((stepStarted + elapsed) * 1000);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

// The reader's time zone, named the short way ('UTC', 'GMT+1', 'PST'), per locale: made once
// each, they are costly.
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The time zone name of an instant in the reader's time zone, in `locale`'s words. */
function zoneName(date: Date, locale: string): string {
  let format = zoneFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZoneName: 'short' });
    zoneFormats.set(locale, format);
  }
  return format.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * The full date, time and time zone of a line, for a tooltip: '2023-11-14 22:13:20 UTC'. The
 * date and time read the same in every language; the zone is named in `locale` (a BCP 47 tag).
 */
export function formatClockTitle(stepStarted: number, elapsed: number, locale = 'en'): string {
  const date = new Date((stepStarted + elapsed) * 1000);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${formatClockTime(stepStarted, elapsed)} ${zoneName(date, locale)}`.trimEnd();
}
