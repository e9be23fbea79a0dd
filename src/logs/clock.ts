// The two timestamp modes of a log line: Drone's `time` (seconds since the step started), or the
// wall-clock time it stands for (the step's start plus that time), in the reader's time zone.

export type TimestampMode = 'elapsed' | 'clock';

const pad = (value: number) => String(value).padStart(2, '0');

/** Wall-clock time of a line as HH:MM:SS, from the step's start (unix seconds) and its `time`. */
export function formatClockTime(stepStarted: number, elapsed: number): string {
  const date = new Date((stepStarted + elapsed) * 1000);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

// The reader's time zone, named the short way ('UTC', 'GMT+1', 'PST'): made once, it is costly.
let zoneFormat: Intl.DateTimeFormat | undefined;

/** The time zone name of an instant in the reader's time zone. */
function zoneName(date: Date): string {
  zoneFormat ??= new Intl.DateTimeFormat('en', { timeZoneName: 'short' });
  return zoneFormat.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** The full date, time and time zone of a line, for a tooltip: '2023-11-14 22:13:20 UTC'. */
export function formatClockTitle(stepStarted: number, elapsed: number): string {
  const date = new Date((stepStarted + elapsed) * 1000);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${formatClockTime(stepStarted, elapsed)} ${zoneName(date)}`.trimEnd();
}
