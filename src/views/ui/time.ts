import { useSelector } from '@xstate/react';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { isKnownNumber, isKnownTime, MAX_DATE_SECONDS } from '../../api/values';
import { currentLanguage, t, type Language } from '../../i18n';
import { isFirstScreenShown, whenFirstScreenShown } from '../../boot/firstScreen';
import { tickerActor } from '../../machines/shell/ticker.machine';

// Times, dates and durations in the chosen language, all through Intl (issue 19): each function
// takes the language last, defaulting to the one shown now. Screens that tick (useNow) re-render
// every second, so a language switch reaches their times at once.

/** Current time in milliseconds, re-rendering every second (one shared ticker). */
export function useNow(): number {
  // The ticker ticks while some view shows a ticking time; before paint, so the first frame
  // already has the current time.
  useLayoutEffect(() => {
    const ticker = tickerActor();
    ticker.send({ type: 'ticker.watch' });
    return () => ticker.send({ type: 'ticker.unwatch' });
  }, []);
  return useSelector(tickerActor(), (snapshot) => snapshot.context.now);
}

/**
 * What a time or number the server sent shows as when it is not one (issue 28 item 8): the API
 * client turns a string, null or a time no Date holds into NaN (api/values.ts); anything that
 * reaches a formatter unchecked is caught here too.
 */
export const unknownText = () => t('common.unknown');

/**
 * Whether the server set a time: anything but 0 (Drone's "not set") or absent. A time it sent
 * that is not one (NaN once checked) is set, and shows as unknown.
 */
export const isTimeSet = (unixSeconds: number | undefined): unixSeconds is number =>
  unixSeconds !== 0 && unixSeconds !== undefined;

/** A count or code the server sent ('3'), or unknown when it sent something else (NaN). */
export function formatCount(value: number): string {
  return isKnownNumber(value) ? String(value) : unknownText();
}

/** Milliseconds a Date holds. */
const isKnownMs = (ms: unknown): ms is number =>
  isKnownNumber(ms) && Math.abs(ms) <= MAX_DATE_SECONDS * 1000;

// The same checks as the API client's (one definition: api/values.ts), for the views.
export { isKnownTime };

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** One formatter per language and options: building an Intl formatter is not free. */
function cached<F>(make: (language: Language) => F): (language: Language) => F {
  const made = new Map<Language, F>();
  return (language) => {
    let formatter = made.get(language);
    if (!formatter) {
      formatter = make(language);
      made.set(language, formatter);
    }
    return formatter;
  };
}

const relativeFormat = cached(
  (language) => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }),
);
const dateFormat = cached(
  (language) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'long' }),
);
const unitFormat = (unit: 'hour' | 'minute' | 'second', digits: number) =>
  cached(
    (language) =>
      new Intl.NumberFormat(language, {
        style: 'unit',
        unit,
        unitDisplay: 'narrow',
        minimumIntegerDigits: digits,
      }),
  );
const hours = unitFormat('hour', 1);
const minutes = unitFormat('minute', 1);
const seconds = unitFormat('second', 1);
const paddedSeconds = unitFormat('second', 2);
const unitList = cached(
  (language) => new Intl.ListFormat(language, { type: 'unit', style: 'narrow' }),
);

/** '5 minutes ago' (5分钟前) from unix seconds; '' when the time is unset (0). */
export function formatRelative(
  unixSeconds: number,
  nowMs: number,
  language: Language = currentLanguage(),
): string {
  if (unixSeconds === 0 || unixSeconds === undefined) return '';
  if (!isKnownTime(unixSeconds)) return unknownText();
  const diff = unixSeconds - Math.floor(nowMs / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(diff) >= size || unit === 'second') {
      return relativeFormat(language).format(Math.round(diff / size), unit);
    }
  }
  return '';
}

/** '1h 2m 3s', '4m 05s' or '12s' in English; '1小时2分钟3秒' in Chinese. */
export function formatDuration(
  totalSeconds: number,
  language: Language = currentLanguage(),
): string {
  if (!isKnownNumber(totalSeconds)) return unknownText();
  const total = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  // Intl.DurationFormat would do this, but Node 20 (the tests' runtime) lacks it.
  const parts =
    h > 0
      ? [hours(language).format(h), minutes(language).format(m), seconds(language).format(s)]
      : m > 0
        ? [minutes(language).format(m), paddedSeconds(language).format(s)]
        : [seconds(language).format(s)];
  return unitList(language).format(parts);
}

/** Duration of something that started and maybe stopped (unix seconds); ticking while running. */
export function elapsedSeconds(
  started: number | undefined,
  stopped: number | undefined,
  nowMs: number,
) {
  if (started === undefined || started === 0) return 0;
  // A time the server sent that is not one: the duration is unknown too (NaN, see unknownText).
  if (!isKnownTime(started) || (stopped !== undefined && stopped !== 0 && !isKnownTime(stopped))) {
    return NaN;
  }
  const end = stopped && stopped >= started ? stopped : Math.floor(nowMs / 1000);
  return end - started;
}

/**
 * formatDate for a hover title, once the first screen is shown (undefined before): the first
 * formatter with a time zone costs a build page's first lines some 15 ms (issue 32).
 */
export function useDateTitle(unixSeconds: number): string | undefined {
  const shown = useSyncExternalStore(whenFirstScreenShown, isFirstScreenShown);
  return shown ? formatDate(unixSeconds) : undefined;
}

/** The absolute time with date, time and time zone: 'Nov 25, 2026, 12:18:54 AM UTC'. */
export function formatDate(unixSeconds: number, language: Language = currentLanguage()): string {
  if (unixSeconds === 0 || unixSeconds === undefined) return '';
  if (!isKnownTime(unixSeconds)) return unknownText();
  return dateFormat(language).format(new Date(unixSeconds * 1000));
}

const weekdayFormat = cached(
  (language) =>
    new Intl.DateTimeFormat(language, {
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    }),
);

/**
 * A time to come with its weekday, in the reader's zone (a cron job's next runs): 'Wed, Nov 25,
 * 2026, 09:30:00 AM UTC'.
 */
export function formatWithWeekday(ms: number, language: Language = currentLanguage()): string {
  return isKnownMs(ms) ? weekdayFormat(language).format(ms) : unknownText();
}

/** ISO 8601, for <time dateTime>; none for a time no Date holds. */
export function isoDate(unixSeconds: number): string | undefined {
  return isKnownTime(unixSeconds) && unixSeconds !== 0
    ? new Date(unixSeconds * 1000).toISOString()
    : undefined;
}
