import { useSelector } from '@xstate/react';
import { tickerActor } from '../../machines/shell/ticker.machine';

/** Current time in milliseconds, re-rendering every second (one shared ticker). */
export function useNow(): number {
  return useSelector(tickerActor, (snapshot) => snapshot.context.now);
}

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** '5 minutes ago' from unix seconds; '' when the time is unset (0). */
export function formatRelative(unixSeconds: number, nowMs: number): string {
  if (!unixSeconds) return '';
  const diff = unixSeconds - Math.floor(nowMs / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(diff) >= size || unit === 'second') {
      return relativeFormat.format(Math.round(diff / size), unit);
    }
  }
  return '';
}

/** '1h 2m 3s', '4m 05s' or '12s'. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}

/** Duration of something that started and maybe stopped (unix seconds); ticking while running. */
export function elapsedSeconds(
  started: number | undefined,
  stopped: number | undefined,
  nowMs: number,
) {
  if (!started) return 0;
  const end = stopped && stopped >= started ? stopped : Math.floor(nowMs / 1000);
  return end - started;
}

export function formatDate(unixSeconds: number): string {
  return unixSeconds ? new Date(unixSeconds * 1000).toLocaleString('en') : '';
}
