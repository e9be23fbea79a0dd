import type { Build, Repository } from '../../api/types';
import { isFailed, median, MIN_RUNS, percentile } from './stats';

// Issue 31 part 3: one repository's health from its latest builds (newest first): failure rate,
// p95 duration, whether its default branch is red and since when, and how long it usually takes to
// be green again.

/** Builds on the default branch that say whether it is green: pushes, crons and custom builds. */
const BRANCH_EVENTS = ['push', 'cron', 'custom'];

export interface RedSince {
  number: number;
  /** When the first failing build of the streak was created (seconds). */
  since: number;
}

export interface RepoHealth {
  repo: Repository;
  /** Failed of passed-or-failed (cancelled left out); null with fewer than MIN_RUNS of them. */
  failureRate: number | null;
  p95Duration: number | null;
  counted: number;
  red: RedSince | null;
  /** The median time from a default branch's first failure to its next success (seconds). */
  backToGreen: number | null;
}

export function repoHealth(repo: Repository, builds: readonly Build[]): RepoHealth {
  const ran = builds.filter((b) => b.status === 'success' || isFailed(b.status));
  const failed = ran.filter((b) => isFailed(b.status)).length;
  const durations = ran.filter((b) => b.finished >= b.started && b.started > 0);
  const enough = ran.length >= MIN_RUNS;
  const branch = ran
    .filter((b) => b.target === repo.default_branch && BRANCH_EVENTS.includes(b.event))
    .sort((a, b) => b.number - a.number);
  return {
    repo,
    failureRate: enough ? failed / ran.length : null,
    p95Duration: enough
      ? percentile(
          durations.map((b) => b.finished - b.started),
          95,
        )
      : null,
    counted: ran.length,
    red: redSince(branch),
    backToGreen: median(recoveries(branch)),
  };
}

/** The oldest build of the failing streak at the head of `branch` (newest first). */
function redSince(branch: readonly Build[]): RedSince | null {
  let first: Build | null = null;
  for (const build of branch) {
    if (!isFailed(build.status)) break;
    first = build;
  }
  return first ? { number: first.number, since: first.created } : null;
}

/** How long each past red streak lasted: its first failure's creation to the next success's end. */
function recoveries(branch: readonly Build[]): number[] {
  const times: number[] = [];
  let firstFailure: Build | null = null;
  for (const build of [...branch].reverse()) {
    if (isFailed(build.status)) firstFailure ??= build;
    else if (firstFailure) {
      times.push(build.finished - firstFailure.created);
      firstFailure = null;
    }
  }
  return times;
}

export type HealthSort = 'failureRate' | 'p95';

/** Worst first; repositories without enough builds last, by name. */
export function sortHealth(rows: readonly RepoHealth[], by: HealthSort): RepoHealth[] {
  const value = (row: RepoHealth) => (by === 'failureRate' ? row.failureRate : row.p95Duration);
  return [...rows].sort((a, b) => {
    const [va, vb] = [value(a), value(b)];
    if (va === null || vb === null) {
      return va === vb ? a.repo.slug.localeCompare(b.repo.slug) : va === null ? 1 : -1;
    }
    return vb - va || a.repo.slug.localeCompare(b.repo.slug);
  });
}
