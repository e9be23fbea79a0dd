import { CronSyntaxError, EXPR_MAX_LENGTH, parseCron, upcomingRuns } from '../../cron/cronexpr';
import type { TextKey } from '../../i18n';
import { msg, type Message } from '../../i18n/message';
import { CRON_SCHEDULES } from '../../api/cron';

// A cron job's schedule in the create and edit forms: one of docs/spec.md 5's descriptors, or a
// custom robfig/cron expression (issue 19), checked and previewed by the parser Drone uses.

export type CronPreset = (typeof CRON_SCHEDULES)[number];
export { CRON_SCHEDULES };

/** How many of the next runs the form shows. */
export const PREVIEW_RUNS = 3;

export { EXPR_MAX_LENGTH };

/**
 * What the form shows under the schedule: the next runs (none for a date that never comes), or
 * why Drone would refuse it: longer than its store keeps (`tooLong`), or what the parser found.
 */
export interface SchedulePreview {
  runs: number[];
  tooLong: boolean;
  error: Message | null;
}

/** The parser's problem in words: 'seconds must be 0-59, got 61'. */
function problemOf(error: unknown): Message {
  if (!(error instanceof CronSyntaxError)) return msg('messages.unknownError');
  const { kind, ...values } = error.problem;
  return msg(`settings.cron.problem.${kind}` satisfies TextKey, values);
}

const refused = (changes: Partial<SchedulePreview>): SchedulePreview => ({
  runs: [],
  tooLong: false,
  error: null,
  ...changes,
});

/**
 * The next runs after `nowMs` (ms, UTC as Drone schedules them), or why Drone would refuse the
 * expression (issue 28 item 7: one past Drone's store, or a duration past Go's, is refused, never
 * shown as a date a Date cannot hold). The length is checked first, so a long expression saved
 * on a server is never parsed.
 */
export function previewSchedule(expr: string, nowMs: number): SchedulePreview {
  if (expr.length > EXPR_MAX_LENGTH) return refused({ tooLong: true });
  try {
    const runs = upcomingRuns(parseCron(expr), nowMs, PREVIEW_RUNS);
    return { runs, tooLong: false, error: null };
  } catch (error) {
    return refused({ error: problemOf(error) });
  }
}

/** Whether Drone would take the expression (a job is never deleted for one it would refuse). */
export function isValidSchedule(expr: string): boolean {
  const preview = previewSchedule(expr, 0);
  return preview.error === null && !preview.tooLong;
}

export const isPreset = (expr: string): expr is CronPreset =>
  (CRON_SCHEDULES as readonly string[]).includes(expr);
