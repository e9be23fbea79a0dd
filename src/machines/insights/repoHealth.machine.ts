import { assign, fromPromise, setup } from 'xstate';
import { fetchBuilds } from '../../api/builds';
import type { Build, Repository } from '../../api/types';
import { followRepoEvents } from '../repo/repoEventsLink';
import { errorMessageOf } from '../shell/callErrors';
import { repoHealth, sortHealth, type HealthSort, type RepoHealth } from './health';
import { DETAILS_IN_FLIGHT, inPool, isRepo } from './history';

// Issue 31 part 3: the signed-in user's active repositories by failure rate or p95 duration, each
// from its latest builds (one list page per repository, at most 6 asked at once), kept live by the
// event stream: a repository's new build state replaces the old one in its list. The repositories
// are the dashboard's (`health.repos`), so the page asks for them once and shows their failure once.

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
  /** The user's repositories (the dashboard's list, whenever it changes). */
  | { type: 'health.repos'; repos: Repository[] }
  | { type: 'health.retry' }
  | { type: 'repo.updated'; repo: Repository }
  | { type: 'stream.reconnected' };

interface Loaded {
  builds: Map<number, Build[]>;
}

const lastBuilt = (repo: Repository) => repo.build?.created ?? 0;

/** The repositories measured: active ones with builds, the most recently built first. */
export const measuredRepos = (repos: readonly Repository[]) =>
  repos
    .filter((repo) => repo.active && repo.build)
    .sort((a, b) => lastBuilt(b) - lastBuilt(a))
    .slice(0, HEALTH_REPOS);

const idsOf = (repos: readonly Repository[]) =>
  repos
    .map((repo) => repo.id)
    .sort((a, b) => a - b)
    .join();

export async function loadRepoHealth(
  repos: Repository[],
  listBuilds: (repo: Repository) => Promise<Build[]> = (repo) =>
    fetchBuilds(repo, 1, HEALTH_BUILDS),
): Promise<Loaded> {
  const lists = await inPool(repos, DETAILS_IN_FLIGHT, listBuilds);
  return { builds: new Map(repos.map((repo, index) => [repo.id, lists[index]!])) };
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
    loadRepoHealth: fromPromise<Loaded, Repository[]>(({ input }) => loadRepoHealth(input)),
    followRepoEvents,
  },
  guards: {
    isNewRepoSet: ({ context, event }) =>
      event.type === 'health.repos' && idsOf(measuredRepos(event.repos)) !== idsOf(context.repos),
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
  initial: 'waiting',
  states: {
    /** Until the dashboard has the user's repositories. */
    waiting: {},
    loading: {
      invoke: {
        id: 'loadRepoHealth',
        src: 'loadRepoHealth',
        input: ({ context }) => context.repos,
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            builds: event.output.builds,
            rows: rowsOf(context.repos, event.output.builds, context.sort),
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
    'health.repos': {
      guard: 'isNewRepoSet',
      target: '.loading',
      actions: assign({ repos: ({ event }) => measuredRepos(event.repos) }),
    },
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
  snapshot.value as 'waiting' | 'loading' | 'ready' | 'failed';
export const selectHealthRows = (snapshot: Snapshot) => snapshot.context.rows;
export const selectHealthSort = (snapshot: Snapshot) => snapshot.context.sort;
export const selectHealthError = (snapshot: Snapshot) => snapshot.context.error;
