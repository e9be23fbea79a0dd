import { assign, fromPromise, setup } from 'xstate';
import { BUILD_PAGE_SIZE, fetchBuilds } from '../../api/builds';
import type { RepoRef } from '../../api/repos';
import type { Build, Repository } from '../../api/types';
import { appendPage, applyBuildUpdate, mergeFirstPage } from './buildList';
import { errorMessageOf } from '../shell/callErrors';
import { isBuildOfRepo } from './repo.machine';
import { followRepoEvents } from './repoEvents.machine';
import { notify } from '../shell/toasts.machine';

// docs/spec.md 2.6, 4.5, 9: the Executions list of a repository. Pages of 50 ('Show more' until a page
// comes back short), live updates from /api/stream, and a refetch after the stream reconnects.

export interface BuildsContext {
  repo: RepoRef;
  builds: Build[];
  /** The last page loaded. */
  page: number;
  hasMore: boolean;
  error: string | null;
}

export type BuildsEvent =
  | { type: 'builds.showMore' }
  | { type: 'builds.refresh' }
  | { type: 'builds.retry' }
  | { type: 'repo.updated'; repo: Repository }
  | { type: 'stream.reconnected' };

export interface PageInput {
  repo: RepoRef;
  page: number;
}

const outputOf = (event: unknown) => (event as { output: Build[] }).output;

export const buildsMachine = setup({
  types: {
    context: {} as BuildsContext,
    input: {} as { repo: RepoRef },
    events: {} as BuildsEvent,
  },
  actors: {
    fetchBuildsPage: fromPromise<Build[], PageInput>(({ input }) =>
      fetchBuilds(input.repo, input.page, BUILD_PAGE_SIZE),
    ),
    followRepoEvents,
  },
  guards: {
    isNotFound: ({ event }) => errorMessageOf(event) === 'Not Found',
    hasBuildOfThisRepo: ({ context, event }) => isBuildOfRepo(context.repo, event),
  },
  actions: {
    assignFirstPage: assign(({ event }) => {
      const builds = outputOf(event);
      return { builds, page: 1, hasMore: builds.length >= BUILD_PAGE_SIZE, error: null };
    }),
    assignNextPage: assign(({ context, event }) => {
      const page = outputOf(event);
      return {
        builds: appendPage(context.builds, page),
        page: context.page + 1,
        hasMore: page.length >= BUILD_PAGE_SIZE,
      };
    }),
    assignRefreshed: assign(({ context, event }) => ({
      builds: mergeFirstPage(context.builds, outputOf(event)),
    })),
    assignLiveUpdate: assign(({ context, event }) =>
      event.type === 'repo.updated' && event.repo.build
        ? { builds: applyBuildUpdate(context.builds, event.repo.build) }
        : {},
    ),
    assignError: assign({ error: ({ event }) => errorMessageOf(event) }),
    notifyError: (_, params: { message: string }) => notify.error(params.message),
  },
}).createMachine({
  id: 'builds',
  context: ({ input }) => ({ repo: input.repo, builds: [], page: 0, hasMore: false, error: null }),
  // Live updates arrive in every state; an update that lands before the first page is kept
  // until the page replaces the list.
  invoke: { id: 'followRepoEvents', src: 'followRepoEvents' },
  on: {
    'repo.updated': { guard: 'hasBuildOfThisRepo', actions: 'assignLiveUpdate' },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchBuildsPage',
        src: 'fetchBuildsPage',
        input: ({ context }) => ({ repo: context.repo, page: 1 }),
        onDone: { target: 'ready', actions: 'assignFirstPage' },
        onError: [
          { guard: 'isNotFound', target: 'notFound', actions: 'assignError' },
          {
            target: 'failed',
            actions: [
              'assignError',
              { type: 'notifyError', params: ({ event }) => ({ message: errorMessageOf(event) }) },
            ],
          },
        ],
      },
    },
    ready: {
      on: {
        'builds.showMore': 'loadingMore',
        'builds.refresh': 'refreshing',
        'stream.reconnected': 'refreshing',
      },
    },
    loadingMore: {
      invoke: {
        id: 'fetchBuildsPage',
        src: 'fetchBuildsPage',
        input: ({ context }) => ({ repo: context.repo, page: context.page + 1 }),
        onDone: { target: 'ready', actions: 'assignNextPage' },
        onError: {
          target: 'ready',
          actions: {
            type: 'notifyError',
            params: ({ event }) => ({ message: errorMessageOf(event) }),
          },
        },
      },
    },
    refreshing: {
      invoke: {
        id: 'fetchBuildsPage',
        src: 'fetchBuildsPage',
        input: ({ context }) => ({ repo: context.repo, page: 1 }),
        onDone: { target: 'ready', actions: 'assignRefreshed' },
        onError: {
          target: 'ready',
          actions: {
            type: 'notifyError',
            params: ({ event }) => ({ message: errorMessageOf(event) }),
          },
        },
      },
    },
    failed: {
      on: { 'builds.retry': 'loading' },
    },
    notFound: {},
  },
});

type BuildsSnapshot = { context: BuildsContext; value: unknown };

export const selectBuilds = (snapshot: BuildsSnapshot) => snapshot.context.builds;
export const selectIsLoading = (snapshot: BuildsSnapshot) => snapshot.value === 'loading';
export const selectIsLoadingMore = (snapshot: BuildsSnapshot) => snapshot.value === 'loadingMore';
export const selectCanShowMore = (snapshot: BuildsSnapshot) =>
  snapshot.context.hasMore && snapshot.value !== 'loading';
export const selectIsNotFound = (snapshot: BuildsSnapshot) => snapshot.value === 'notFound';
export const selectLoadError = (snapshot: BuildsSnapshot) =>
  snapshot.value === 'failed' ? snapshot.context.error : null;
