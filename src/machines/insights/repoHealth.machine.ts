import { assign, fromPromise, setup } from 'xstate';
import { fetchBuilds } from '../../api/builds';
import type { Build, Repository } from '../../api/types';
import { fetchUserRepos } from '../../api/user';
import { followRepoEvents } from '../repo/repoEvents.machine';
import { errorMessageOf } from '../shell/callErrors';
import { repoHealth, sortHealth, type HealthSort, type RepoHealth } from './health';
import { DETAILS_IN_FLIGHT, inPool, isRepo } from './history';

// Issue 31 part 3: the signed-in user's active repositories by failure rate or p95 duration, each
// from its latest builds (one list page per repository, at most 6 asked at once), kept live by the
// event stream: a repository's new build state replaces the old one in its list.

/** Builds read per repository. */
export const HEALTH_BUILDS = 50;
/** Repositories measured at most: the most recently built first. */
export const HEALTH_REPOS = 30;

export interface RepoHealthContext {
  sort: HealthSort;
  builds: Map<number, Build[]>;
  repos: Repository[];
  rows: RepoHealth[];
  error: string | null;
}

export type RepoHealthEvent =
  | { type: 'health.sort'; sort: HealthSort }
  | { type: 'health.retry' }
  | { type: 'repo.updated'; repo: Repository }
  | { type: 'stream.reconnected' };

interface Loaded {
  repos: Repository[];
  builds: Map<number, Build[]>;
}

const lastBuilt = (repo: Repository) => repo.build?.created ?? 0;

export async function loadRepoHealth(
  listRepos: () => Promise<Repository[]> = fetchUserRepos,
  listBuilds: (repo: Repository) => Promise<Build[]> = (repo) =>
    fetchBuilds(repo, 1, HEALTH_BUILDS),
): Promise<Loaded> {
  const repos = (await listRepos())
    .filter((repo) => repo.active && repo.build)
    .sort((a, b) => lastBuilt(b) - lastBuilt(a))
    .slice(0, HEALTH_REPOS);
  const lists = await inPool(repos, DETAILS_IN_FLIGHT, listBuilds);
  return { repos, builds: new Map(repos.map((repo, index) => [repo.id, lists[index]!])) };
}

const rowsOf = (repos: Repository[], builds: Map<number, Build[]>, sort: HealthSort) =>
  sortHealth(
    repos.map((repo) => repoHealth(repo, builds.get(repo.id) ?? [])),
    sort,
  );

export const repoHealthMachine = setup({
  types: {
    context: {} as RepoHealthContext,
    events: {} as RepoHealthEvent,
  },
  actors: {
    loadRepoHealth: fromPromise<Loaded>(() => loadRepoHealth()),
    followRepoEvents,
  },
  guards: {
    isMeasuredRepo: ({ context, event }) =>
      event.type === 'repo.updated' &&
      Boolean(event.repo.build) &&
      context.repos.some((repo) => isRepo(repo, event.repo)),
  },
  actions: {
    assignUpdatedBuild: assign(({ context, event }) => {
      if (event.type !== 'repo.updated' || !event.repo.build) return {};
      const repo = context.repos.find((known) => isRepo(known, event.repo))!;
      const build = event.repo.build;
      const list = (context.builds.get(repo.id) ?? []).filter((b) => b.number !== build.number);
      const builds = new Map(context.builds);
      builds.set(
        repo.id,
        [build, ...list].sort((a, b) => b.number - a.number).slice(0, HEALTH_BUILDS),
      );
      return { builds, rows: rowsOf(context.repos, builds, context.sort) };
    }),
  },
}).createMachine({
  id: 'repoHealth',
  context: { sort: 'failureRate', builds: new Map(), repos: [], rows: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadRepoHealth',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            ...event.output,
            rows: rowsOf(event.output.repos, event.output.builds, context.sort),
            error: null,
          })),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessageOf(event) }),
        },
      },
    },
    ready: {
      invoke: { src: 'followRepoEvents' },
      on: {
        'repo.updated': { guard: 'isMeasuredRepo', actions: 'assignUpdatedBuild' },
        'stream.reconnected': 'loading',
      },
    },
    failed: {
      on: { 'health.retry': 'loading' },
    },
  },
  on: {
    'health.sort': {
      actions: assign(({ context, event }) => ({
        sort: event.sort,
        rows: sortHealth(context.rows, event.sort),
      })),
    },
  },
});

type Snapshot = { context: RepoHealthContext; value: unknown };

export const selectHealthState = (snapshot: Snapshot) =>
  snapshot.value as 'loading' | 'ready' | 'failed';
export const selectHealthRows = (snapshot: Snapshot) => snapshot.context.rows;
export const selectHealthSort = (snapshot: Snapshot) => snapshot.context.sort;
export const selectHealthError = (snapshot: Snapshot) => snapshot.context.error;
