import { parseCron, upcomingRuns } from '../../cron/cronexpr';
import { CRON_SCHEDULES } from '../../api/cron';

// A cron job's schedule in the create and edit forms: one of docs/spec.md 5's descriptors, or a
// custom robfig/cron expression (issue 19), checked and previewed by the parser Drone uses.

export type CronPreset = (typeof CRON_SCHEDULES)[number];
export { CRON_SCHEDULES };

/** How many of the next runs the form shows. */
export const PREVIEW_RUNS = 3;

export type SchedulePreview = { runs: number[]; error: null } | { runs: []; error: string };

/** The next runs after `nowMs` (ms, UTC as Drone schedules them), or the parser's error. */
export function previewSchedule(expr: string, nowMs: number): SchedulePreview {
  try {
    return { runs: upcomingRuns(parseCron(expr), nowMs, PREVIEW_RUNS), error: null };
  } catch (error) {
    return { runs: [], error: (error as Error).message };
  }
}

/** Whether Drone would take the expression (a job is never deleted for one it would refuse). */
export function isValidSchedule(expr: string): boolean {
  return previewSchedule(expr, 0).error === null;
}

export const isPreset = (expr: string): expr is CronPreset =>
  (CRON_SCHEDULES as readonly string[]).includes(expr);
