import { useMemo } from 'react';
import { formatClockTitle } from '../../logs/clock';
import { formatDuration, useLocale, useT } from '../ui';

// What every log row needs of the language, made once per list: a row reads these instead of
// subscribing to the language itself (issue 18: a hook per row cost the first lines' paint).

export interface RowTexts {
  /** A line's time since the step started, or a group's duration: '7s', '1m 05s', '7秒'. */
  duration: (seconds: number) => string;
  /** A running group's duration. */
  groupRunning: string;
  /** What a folded group hides: '12 lines'. */
  hiddenLines: (count: number) => string;
  /** A line's full date, time and time zone; undefined while the step's start is unknown. */
  clockTitle: (time: number) => string | undefined;
}

/** The rows' texts in the chosen language; new ones when the language or the step's start changes. */
export function useRowTexts(stepStarted: number): RowTexts {
  const t = useT();
  const locale = useLocale();
  return useMemo(
    () => ({
      // Written as every other duration is (issue 29 item 14), in the chosen language.
      duration: (seconds) => formatDuration(seconds),
      groupRunning: t('console.groupRunning'),
      hiddenLines: (count) => t('console.hiddenLines', { count }),
      // The step's start is unknown (0) until it runs: no wall-clock time to tell.
      clockTitle: (time) =>
        stepStarted > 0 ? formatClockTitle(stepStarted, time, locale) : undefined,
    }),
    [t, locale, stepStarted],
  );
}
