import type { Build } from '../../api/types';

// Pure list operations of the builds machine (docs/spec.md 4.5, 9), kept apart so they can be tested
// without a machine. Lists are ordered newest first, as the server returns them.

/** Events carry stages and steps; the list rows never use them. */
export function withoutStages(build: Build): Build {
  if (!build.stages) return build;
  const { stages: _stages, ...rest } = build;
  return rest;
}

/**
 * docs/spec.md 4.5: a live update replaces an entry only if its number is newer or equal. The entry with
 * the same number is replaced in place; a number newer than every entry is inserted at the top;
 * an older number that is not in the list (a page not loaded yet) changes nothing.
 */
export function applyBuildUpdate(builds: Build[], update: Build): Build[] {
  const build = withoutStages(update);
  const index = builds.findIndex((entry) => entry.number === build.number);
  if (index >= 0) {
    const next = builds.slice();
    next[index] = build;
    return next;
  }
  const newest = builds[0]?.number ?? 0;
  return build.number > newest ? [build, ...builds] : builds;
}

/** Appends a further page, skipping builds already listed (new builds shift the pages). */
export function appendPage(builds: Build[], page: Build[]): Build[] {
  const known = new Set(builds.map((build) => build.number));
  return [...builds, ...page.filter((build) => !known.has(build.number))];
}

/**
 * A fresh first page after a reconnect: it wins over what we had, and the older entries loaded
 * by 'Show more' stay below it.
 */
export function mergeFirstPage(builds: Build[], firstPage: Build[]): Build[] {
  if (firstPage.length === 0) return builds;
  const oldestFresh = Math.min(...firstPage.map((build) => build.number));
  return [...firstPage, ...builds.filter((build) => build.number < oldestFresh)];
}

export type BuildIndexKind = 'branches' | 'deployments' | 'pulls';

/** A pull request's number from its build's ref (`refs/pull/7/head`, Bitbucket's `pull-requests`). */
export const pullNumberOf = (build: Pick<Build, 'event' | 'ref'>) =>
  build.event === 'pull_request'
    ? /^refs\/pull(?:-requests)?\/(\d+)\//.exec(build.ref)?.[1]
    : undefined;

/** docs/drone-api.md 3.13: the key of the `latest` index each list is built from. */
export function indexKeyOf(kind: BuildIndexKind, build: Build): string | undefined {
  if (kind === 'branches') return build.event === 'push' ? build.target : undefined;
  if (kind === 'pulls') return pullNumberOf(build);
  const deploys = build.event === 'promote' || build.event === 'rollback';
  return deploys && build.deploy_to ? build.deploy_to : undefined;
}

/**
 * A live update of a branch or deployment list: the newest build per key wins (docs/spec.md 4.5's
 * newer-or-equal rule); a key seen for the first time is added at the top.
 */
export function applyIndexUpdate(kind: BuildIndexKind, builds: Build[], update: Build): Build[] {
  const key = indexKeyOf(kind, update);
  if (key === undefined) return builds;
  const build = withoutStages(update);
  const index = builds.findIndex((entry) => indexKeyOf(kind, entry) === key);
  if (index < 0) return [build, ...builds];
  if (build.number < builds[index]!.number) return builds;
  const next = builds.slice();
  next[index] = build;
  return next;
}
