import { fetchBuild, fetchBuilds } from '../../api/builds';
import { createBuildStore, type BuildStore } from '../../api/buildStore';
import type { RepoRef } from '../../api/repos';
import type { Build } from '../../api/types';
import { matchesFilter, type BuildFilter } from '../repo/buildFilter';
import { isFinished } from './stats';

// Issue 31 part 1: a repository's latest finished builds with their stages and steps. The list
// pages are asked for each time (new builds arrive); each finished build's details once, ever:
// kept in the build store, asked for at most 6 at a time when missing.

/** Drone's largest page (docs/drone-api.md 8). */
export const LIST_PAGE_SIZE = 100;
/** Pages read at most to find `count` builds matching a filter. */
export const MAX_LIST_PAGES = 5;
/** Details asked for at once (issue 31: at most 6 requests in flight, a browser's per-host limit). */
export const DETAILS_IN_FLIGHT = 6;

export interface HistoryQuery {
  ref: RepoRef;
  filter: Pick<BuildFilter, 'branch' | 'event'>;
  count: number;
}

export interface History {
  /** Finished builds matching the query, with stages and steps, newest first. */
  builds: Build[];
  /** Every build the list pages returned, running ones included, newest first (attempt chains). */
  listed: Build[];
  /** Requests made: list pages and details. */
  requests: number;
}

export interface HistorySources {
  list: (ref: RepoRef, page: number, perPage: number) => Promise<Build[]>;
  detail: (ref: RepoRef, number: number) => Promise<Build>;
  store: BuildStore;
}

let defaultStore: BuildStore | null = null;
/** The browser's store, opened on first use. */
export const buildStore = () => (defaultStore ??= createBuildStore());

export const serverSources = (): HistorySources => ({
  list: fetchBuilds,
  detail: fetchBuild,
  store: buildStore(),
});

export async function loadHistory(
  query: HistoryQuery,
  sources: HistorySources = serverSources(),
): Promise<History> {
  let requests = 0;
  const listed: Build[] = [];
  const matching: Build[] = [];
  for (let page = 1; page <= MAX_LIST_PAGES && matching.length < query.count; page += 1) {
    const builds = await sources.list(query.ref, page, LIST_PAGE_SIZE);
    requests += 1;
    listed.push(...builds);
    for (const build of builds) {
      if (isFinished(build) && matchesFilter(build, query.filter)) matching.push(build);
    }
    if (builds.length < LIST_PAGE_SIZE) break;
  }
  const wanted = matching.slice(0, query.count);
  const kept = await sources.store.read(
    query.ref,
    wanted.map((build) => build.number),
  );
  const missing = wanted.filter((build) => !kept.has(build.number));
  const fetched = await inPool(missing, DETAILS_IN_FLIGHT, (build) =>
    sources.detail(query.ref, build.number),
  );
  requests += missing.length;
  const finished = fetched.filter(isFinished);
  await sources.store.keep(query.ref, finished);
  for (const build of fetched) kept.set(build.number, build);
  return {
    builds: wanted.map((build) => kept.get(build.number) ?? build),
    listed,
    requests,
  };
}

/**
 * An event's repository is the one asked about. (repo.machine.ts has the same test; importing it
 * would split it out of the build page's chunk into one of its own, on the first screen.)
 */
export const isRepo = (ref: RepoRef, repo: { namespace: string; name: string }) =>
  repo.namespace === ref.namespace && repo.name === ref.name;

/** Runs `task` over `items`, `limit` at a time, in order of the items. */
export async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A finished build's details, from the store or asked for once (a live update). */
export async function finishedBuild(
  ref: RepoRef,
  number: number,
  sources: HistorySources = serverSources(),
): Promise<Build> {
  const kept = (await sources.store.read(ref, [number])).get(number);
  if (kept) return kept;
  const build = await sources.detail(ref, number);
  if (isFinished(build)) await sources.store.keep(ref, [build]);
  return build;
}
