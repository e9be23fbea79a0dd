import { assign, fromPromise, setup } from 'xstate';
import { BUILD_PAGE_SIZE, fetchBuilds } from '../../api/builds';
import type { RepoRef } from '../../api/repos';
import type { Build, Repository } from '../../api/types';
import { appendPage, applyBuildUpdate, mergeFirstPage } from './buildList';
import { filterBuilds, isFiltered, sameFilter, type BuildFilter } from './buildFilter';
import { errorMessageOf, serverSaid } from '../shell/callErrors';
import { isBuildOfRepo } from './repo.machine';
import { followRepoEvents } from './repoEventsLink';
import { notify } from '../shell/toasts.machine';

// docs/spec.md 2.6, 4.5, 9: the Executions list of a repository. Pages of 50 ('Show more' until a page
// comes back short), live updates from /api/stream, and a refetch after the stream reconnects.
// Issue 19 item 3: a filter (buildFilter.ts) picks the builds shown; while fewer than `wanted`
// loaded builds match, further pages load on their own, up to AUTO_PAGES per ask, and then the
// list says the filter ran out of loaded builds and offers to search further.

/** Pages fetched on their own for one ask (a filter, 'Show more') before the user is asked. */
export const AUTO_PAGES = 3;

export interface BuildsContext {
  repo: RepoRef;
  builds: Build[];
  /** The last page loaded. */
  page: number;
  hasMore: boolean;
  error: string | null;
  filter: BuildFilter;
  /** How many matching builds the screen wants: a page's worth, one more per 'Show more'. */
  wanted: number;
  /** Pages still to fetch on their own before the list asks for 'Show more'. */
  autoPages: number;
}

export type BuildsEvent =
  | { type: 'builds.showMore' }
  | { type: 'builds.refresh' }
  | { type: 'builds.retry' }
  | { type: 'builds.filter'; filter: BuildFilter }
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
    input: {} as { repo: RepoRef; filter?: BuildFilter },
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
    hasMore: ({ context }) => context.hasMore,
    isOtherFilter: ({ context, event }) =>
      event.type === 'builds.filter' && !sameFilter(context.filter, event.filter),
    // An unfiltered list grows only when asked ('Show more'), as docs/spec.md 2.6 has it.
    needsMore: ({ context }) =>
      isFiltered(context.filter) &&
      context.hasMore &&
      context.autoPages > 0 &&
      matchingCount(context) < context.wanted,
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
        autoPages: context.autoPages - 1,
      };
    }),
    assignFilter: assign(({ event }) =>
      event.type === 'builds.filter'
        ? { filter: event.filter, wanted: BUILD_PAGE_SIZE, autoPages: AUTO_PAGES }
        : {},
    ),
    assignWantMore: assign(({ context }) => ({
      wanted: matchingCount(context) + BUILD_PAGE_SIZE,
      autoPages: AUTO_PAGES,
    })),
    // A failed page stops the automatic search: the user asks again with 'Show more'.
    stopAutoPages: assign({ autoPages: 0 }),
    assignRefreshed: assign(({ context, event }) => ({
      builds: mergeFirstPage(context.builds, outputOf(event)),
    })),
    assignLiveUpdate: assign(({ context, event }) =>
      event.type === 'repo.updated' && event.repo.build
        ? { builds: applyBuildUpdate(context.builds, event.repo.build) }
        : {},
    ),
    assignError: assign({ error: ({ event }) => errorMessageOf(event) }),
    notifyError: (_, params: { message: string }) => notify.error(serverSaid(params.message)),
  },
}).createMachine({
  id: 'builds',
  context: ({ input }) => ({
    repo: input.repo,
    builds: [],
    page: 0,
    hasMore: false,
    error: null,
    filter: input.filter ?? {},
    wanted: BUILD_PAGE_SIZE,
    autoPages: AUTO_PAGES,
  }),
  // Live updates arrive in every state; an update that lands before the first page is kept
  // until the page replaces the list.
  invoke: { id: 'followRepoEvents', src: 'followRepoEvents' },
  on: {
    'repo.updated': { guard: 'hasBuildOfThisRepo', actions: 'assignLiveUpdate' },
    'builds.filter': { guard: 'isOtherFilter', actions: 'assignFilter' },
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
      // Too few loaded builds match the filter: search the next page.
      always: { guard: 'needsMore', target: 'loadingMore' },
      on: {
        'builds.showMore': { guard: 'hasMore', target: 'loadingMore', actions: 'assignWantMore' },
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
          actions: [
            'stopAutoPages',
            { type: 'notifyError', params: ({ event }) => ({ message: errorMessageOf(event) }) },
          ],
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

function matchingCount(context: BuildsContext): number {
  return filterBuilds(context.builds, context.filter).length;
}

export const selectBuilds = (snapshot: BuildsSnapshot) => snapshot.context.builds;
export const selectIsLoading = (snapshot: BuildsSnapshot) => snapshot.value === 'loading';
export const selectIsLoadingMore = (snapshot: BuildsSnapshot) => snapshot.value === 'loadingMore';
export const selectCanShowMore = (snapshot: BuildsSnapshot) =>
  snapshot.context.hasMore && snapshot.value !== 'loading';
export const selectIsNotFound = (snapshot: BuildsSnapshot) => snapshot.value === 'notFound';
export const selectLoadError = (snapshot: BuildsSnapshot) =>
  snapshot.value === 'failed' ? snapshot.context.error : null;
export const selectFilter = (snapshot: BuildsSnapshot) => snapshot.context.filter;
export const selectHasMore = (snapshot: BuildsSnapshot) => snapshot.context.hasMore;
/**
 * The filter ran out of loaded builds: fewer match than the screen wants and no page is on its
 * way ('Show more' searches further while the server has more).
 */
export const selectFilterRanOut = (snapshot: BuildsSnapshot) =>
  isFiltered(snapshot.context.filter) &&
  snapshot.value === 'ready' &&
  matchingCount(snapshot.context) < snapshot.context.wanted;
