// Row access for the engine: lookups ordered the way Drone's store returns them, and updates that
// bump `version` (and `updated`) like Drone's optimistic-lock columns.
import type { Status } from '../src/api/types';
import { db } from './db';
import type { BuildRow, RepoRow, StageRow, StepRow } from './serialize';

export const toSeconds = (ms: number) => Math.floor(ms / 1000);

// Why not db.x.findFirst / db.x.update: @mswjs/data answers every query by scanning the table and
// compiling the query once per record, and every update re-serialises the row for its cross-tab
// sync. The engine touches rows hundreds of times per build (a month of demo history replays in
// the seed), so it reads the live entities with getAll() and patches them in place. Entities are
// looked up afresh on every call, so a row another handler replaced via update() is never stale.

const byId = <T extends { id: number }>(rows: T[], id: number): T | null =>
  rows.find((row) => row.id === id) ?? null;

export const findRepo = (id: number): RepoRow | null => byId(db.repo.getAll(), id);
export const findBuild = (id: number): BuildRow | null => byId(db.build.getAll(), id);
export const findStage = (id: number): StageRow | null => byId(db.stage.getAll(), id);
export const findStep = (id: number): StepRow | null => byId(db.step.getAll(), id);

export const stagesOfBuild = (buildId: number): StageRow[] =>
  db.stage
    .getAll()
    .filter((stage) => stage.build_id === buildId)
    .sort((a, b) => a.number - b.number);

export const stepsOfStage = (stageId: number): StepRow[] =>
  db.step
    .getAll()
    .filter((step) => step.step_id === stageId)
    .sort((a, b) => a.number - b.number);

function patch<T extends { id: number; version: number }>(
  row: T | null,
  kind: string,
  id: number,
  changes: Partial<T>,
): T {
  if (!row) throw new Error(`${kind} ${id} vanished`);
  return Object.assign(row, changes, { version: row.version + 1 });
}

export function patchBuild(id: number, changes: Partial<BuildRow>, atMs: number): BuildRow {
  return patch(findBuild(id), 'build', id, { ...changes, updated: toSeconds(atMs) });
}

export function patchStage(id: number, changes: Partial<StageRow>, atMs: number): StageRow {
  return patch(findStage(id), 'stage', id, { ...changes, updated: toSeconds(atMs) });
}

export function patchStep(id: number, changes: Partial<StepRow>): StepRow {
  return patch(findStep(id), 'step', id, changes);
}

/** core.Status IsDone: everything but blocked, waiting_on_dependencies, pending and running. */
export function isDone(status: string): boolean {
  return !['blocked', 'waiting_on_dependencies', 'pending', 'running'].includes(status);
}

/** core.Status IsFailed. */
export function isFailed(status: string): boolean {
  return status === 'failure' || status === 'killed' || status === 'error';
}

/** operator/manager/util.go isBuildComplete: declined and blocked stages keep a build open. */
export function isBuildComplete(stages: readonly StageRow[]): boolean {
  return stages.every(
    (stage) =>
      !['pending', 'running', 'waiting_on_dependencies', 'declined', 'blocked'].includes(
        stage.status,
      ),
  );
}

/** areDepsComplete: every named dependency that exists is done. */
export function areDepsComplete(stage: StageRow, stages: readonly StageRow[]): boolean {
  return stages.every(
    (sibling) => !stage.depends_on.includes(sibling.name) || isDone(sibling.status),
  );
}

/** teardown.go: the first killed, failing or error stage decides, else success. */
export function finalBuildStatus(stages: readonly StageRow[]): Status {
  for (const stage of stages) {
    if (stage.status === 'killed' || stage.status === 'failure' || stage.status === 'error') {
      return stage.status;
    }
  }
  return 'success';
}
