// Store lookups shared by the handlers. A missing row is Drone's raw store error:
// 404 `sql: no rows in result set` (docs/drone-api.md 2.1).
import { db } from '../db';
import { noRows } from '../errors';
import { atoi, parseInt64 } from '../input';
import type { BuildRow, RepoRow, StageRow, StepRow, UserRow } from '../serialize';

export function findBuildNumber(repo: RepoRow, number: number): BuildRow {
  const build = db.build.findFirst({
    where: { repo_id: { equals: repo.id }, number: { equals: number } },
  });
  if (!build) throw noRows();
  return build;
}

/** `{number}` path segment: 400 ParseInt error, then 404 when no such build. */
export function buildFromPath(repo: RepoRow, segment: string | undefined): BuildRow {
  return findBuildNumber(repo, parseInt64(segment));
}

export function findStage(build: BuildRow, number: number): StageRow {
  const stage = db.stage.findFirst({
    where: { build_id: { equals: build.id }, number: { equals: number } },
  });
  if (!stage) throw noRows();
  return stage;
}

export function findStep(stage: StageRow, number: number): StepRow {
  const step = db.step.findFirst({
    where: { step_id: { equals: stage.id }, number: { equals: number } },
  });
  if (!step) throw noRows();
  return step;
}

/** `{build}/{stage}/{step}` numbers (logs and cards): all three parsed before any lookup. */
export function stepFromPath(
  repo: RepoRow,
  params: Record<string, string>,
  buildKey: 'number' | 'build',
): { build: BuildRow; stage: StageRow; step: StepRow } {
  const buildNumber = parseInt64(params[buildKey]);
  const stageNumber = atoi(params.stage);
  const stepNumber = atoi(params.step);
  const build = findBuildNumber(repo, buildNumber);
  const stage = findStage(build, stageNumber);
  return { build, stage, step: findStep(stage, stepNumber) };
}

/** users.FindLogin; `/users/{user}` also tries a numeric value as the id. */
export function findUser(loginOrId: string, tryId = false): UserRow {
  const byLogin = db.user.findFirst({ where: { login: { equals: loginOrId } } });
  if (byLogin) return byLogin;
  if (tryId && /^\d+$/.test(loginOrId)) {
    const byId = db.user.findFirst({ where: { id: { equals: Number(loginOrId) } } });
    if (byId) return byId;
  }
  throw noRows();
}

/** Byte-order comparison (SQL ORDER BY on ASCII text), not locale order. */
export function byKey<T>(key: (row: T) => string): (a: T, b: T) => number {
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

/** Repositories the user has a permission row for (the user's synced repositories). */
export function reposOfUser(userId: number): RepoRow[] {
  const repoIds = db.perm
    .findMany({ where: { user_id: { equals: userId } } })
    .map((p) => p.repo_id);
  if (repoIds.length === 0) return [];
  return db.repo.findMany({ where: { id: { in: repoIds } } }).sort(byKey((r) => r.slug));
}

/** The repo's highest-id build, optionally restricted to one ref. */
export function latestBuild(repoId: number, ref?: string): BuildRow | undefined {
  const builds = db.build.findMany({
    where: ref
      ? { repo_id: { equals: repoId }, ref: { equals: ref } }
      : { repo_id: { equals: repoId } },
    orderBy: { id: 'desc' },
    take: 1,
  });
  return builds[0];
}
