// The two timestamp modes of a log line: Drone's `time` (seconds since the step started), or the
// wall-clock time it stands for (the step's start plus that time), in the reader's time zone.

export type TimestampMode = 'elapsed' | 'clock';

const pad = (value: number) => String(value).padStart(2, '0');

/** Wall-clock time of a line as HH:MM:SS, from the step's start (unix seconds) and its `time`. */
export function formatClockTime(stepStarted: number, elapsed: number): string {
  const date = new Date((stepStarted + elapsed) * 1000);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The full date and time, for a tooltip. */
export function formatClockTitle(stepStarted: number, elapsed: number): string {
  const date = new Date((stepStarted + elapsed) * 1000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${formatClockTime(stepStarted, elapsed)}`;
}
