// The scheduler in front of the mock's runners (scheduler/queue/queue.go in Drone): it can be
// paused and resumed (DELETE and POST /api/queue), hands a pending stage only to a runner of its
// platform and labels, and keeps Drone's two concurrency limits: `limit` (stages of the same name
// in a repository: withinLimits) and `throttle` (stages of a repository: shouldThrottle). A stage
// it refuses is held and offered again when a stage finishes or the scheduler resumes.
import { db } from './db';
import { labelsOf, type StageRow } from './serialize';

/** The runner fleet's one platform: linux/amd64, no labels (docker and kubernetes runners). */
export function isServed(stage: StageRow): boolean {
  return (
    stage.os === 'linux' &&
    stage.arch === 'amd64' &&
    !stage.variant &&
    !stage.kernel &&
    labelsOf(stage) === null
  );
}

const incomplete = () =>
  db.stage.getAll().filter((stage) => stage.status === 'pending' || stage.status === 'running');

/** withinLimits: same repository and name, scheduled before it or running. */
export function withinLimits(stage: StageRow, siblings: readonly StageRow[]): boolean {
  if (!stage.limit) return true;
  const count = siblings.filter(
    (other) =>
      other.repo_id === stage.repo_id &&
      other.id !== stage.id &&
      other.name === stage.name &&
      (other.id < stage.id || other.status === 'running'),
  ).length;
  return count < stage.limit;
}

/** shouldThrottle: the repository's unfinished stages scheduled before it reach the throttle. */
export function shouldThrottle(stage: StageRow, siblings: readonly StageRow[]): boolean {
  if (!stage.throttle || stage.status === 'running') return false;
  const count = siblings.filter(
    (other) => other.repo_id === stage.repo_id && other.id < stage.id,
  ).length;
  return count >= stage.throttle;
}

export function createQueue() {
  let paused = false;
  const held = new Set<number>();
  return {
    /** Whether a runner takes the stage now; if not, it is held until something changes. */
    admits(stage: StageRow): boolean {
      const siblings = incomplete();
      const ok =
        !paused &&
        isServed(stage) &&
        withinLimits(stage, siblings) &&
        !shouldThrottle(stage, siblings);
      if (!ok) held.add(stage.id);
      return ok;
    },
    setPaused(next: boolean): void {
      paused = next;
    },
    /** The held stages, handed back to be offered again. */
    release(): number[] {
      const ids = [...held];
      held.clear();
      return ids;
    },
  };
}

export type Queue = ReturnType<typeof createQueue>;
