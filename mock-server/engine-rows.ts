// Row access for the engine: lookups ordered the way Drone's store returns them, and updates that
// bump `version` (and `updated`) like Drone's optimistic-lock columns.
import type { Status } from '../src/api/types';
import { db } from './db';
import type { BuildRow, RepoRow, StageRow, StepRow } from './serialize';

export const toSeconds = (ms: number) => Math.floor(ms / 1000);

export const findRepo = (id: number): RepoRow | null =>
  db.repo.findFirst({ where: { id: { equals: id } } });

export const findBuild = (id: number): BuildRow | null =>
  db.build.findFirst({ where: { id: { equals: id } } });

export const findStage = (id: number): StageRow | null =>
  db.stage.findFirst({ where: { id: { equals: id } } });

export const findStep = (id: number): StepRow | null =>
  db.step.findFirst({ where: { id: { equals: id } } });

export const stagesOfBuild = (buildId: number): StageRow[] =>
  db.stage
    .findMany({ where: { build_id: { equals: buildId } } })
    .sort((a, b) => a.number - b.number);

export const stepsOfStage = (stageId: number): StepRow[] =>
  db.step.findMany({ where: { step_id: { equals: stageId } } }).sort((a, b) => a.number - b.number);

export function patchBuild(id: number, patch: Partial<BuildRow>, atMs: number): BuildRow {
  const row = findBuild(id);
  if (!row) throw new Error(`build ${id} vanished`);
  return db.build.update({
    where: { id: { equals: id } },
    data: { ...patch, version: row.version + 1, updated: toSeconds(atMs) },
  })!;
}

export function patchStage(id: number, patch: Partial<StageRow>, atMs: number): StageRow {
  const row = findStage(id);
  if (!row) throw new Error(`stage ${id} vanished`);
  return db.stage.update({
    where: { id: { equals: id } },
    data: { ...patch, version: row.version + 1, updated: toSeconds(atMs) },
  })!;
}

export function patchStep(id: number, patch: Partial<StepRow>): StepRow {
  const row = findStep(id);
  if (!row) throw new Error(`step ${id} vanished`);
  return db.step.update({
    where: { id: { equals: id } },
    data: { ...patch, version: row.version + 1 },
  })!;
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
