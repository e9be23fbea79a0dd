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

// Zone names already told, per locale and quarter hour (time zones change their offset on a
// quarter hour at the finest): formatting one costs more than a row's whole render, and a log's
// lines share a handful of quarter hours.
const ZONE_SLOT_MS = 15 * 60 * 1000;
const zoneNames = new Map<string, string>();

/** The time zone name of an instant in the reader's time zone, in `locale`'s words. */
function zoneName(date: Date, locale: string): string {
  const key = `${locale} ${Math.floor(date.getTime() / ZONE_SLOT_MS)}`;
  const known = zoneNames.get(key);
  if (known !== undefined) return known;
  let format = zoneFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZoneName: 'short' });
    zoneFormats.set(locale, format);
  }
  const name = format.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
  // Bounded, should a page read logs of many days.
  if (zoneNames.size >= 1000) zoneNames.clear();
  zoneNames.set(key, name);
  return name;
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
