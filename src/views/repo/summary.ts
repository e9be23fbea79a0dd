import { isDone, type Build } from '../../api/types';

// docs/spec.md 2.6 and 9: the figures of the builds Summary, computed from the latest 50 builds.

export const SUMMARY_BUILDS = 50;

/** Seconds a build ran; a running build counts up to `nowSeconds`, an unstarted one is 0. */
export function buildSeconds(build: Build, nowSeconds: number): number {
  if (!build.started) return 0;
  const end = build.finished && build.finished >= build.started ? build.finished : nowSeconds;
  return Math.max(0, end - build.started);
}

/** Finished builds that ran: only those have a duration worth a median. */
export function finishedDurations(builds: Build[]): number[] {
  return builds
    .slice(0, SUMMARY_BUILDS)
    .filter((build) => isDone(build.status) && build.started > 0 && build.finished > 0)
    .map((build) => Math.max(0, build.finished - build.started));
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** docs/spec.md 9: median build time in whole minutes, '< 1' when it rounds to 0; null with no data. */
export function medianMinutesLabel(builds: Build[]): string | null {
  const seconds = median(finishedDurations(builds));
  if (seconds === null) return null;
  const minutes = Math.round(seconds / 60);
  return minutes === 0 ? '< 1' : String(minutes);
}
