import { assign, fromPromise, setup } from 'xstate';
import { fetchBuild, fetchBuilds } from '../../api/builds';
import type { RepoRef } from '../../api/repos';
import type { Build } from '../../api/types';
import { errorMessageOf } from '../shell/callErrors';
import { findPrevious } from './buildDiff';

// Issue 19 item 6: the Compare view of a build page. It pages the repository's build list
// (docs/drone-api.md 4.2, 8: newest first, at most 100 a page) until it meets the previous build
// of the same family (buildDiff.ts), or a page comes back short, or MAX_PAGES were searched; then
// it loads that build with its stages and steps. The view derives the diff from both builds.

/** docs/drone-api.md 8: the largest page the server accepts (anything above falls back to 25). */
export const COMPARE_PAGE_SIZE = 100;
/** How far back the previous build is looked for: 500 builds. */
export const MAX_PAGES = 5;

export interface BuildCompareContext {
  repo: RepoRef;
  /** The build on the page (its number, event and branch pick the previous one). */
  build: Build;
  /** The last page of the build list searched. */
  page: number;
  /** Builds looked at so far, for 'none in the last N builds'. */
  searched: number;
  /** Whether the search reached the oldest build. */
  reachedEnd: boolean;
  previousNumber: number | null;
  previous: Build | null;
  error: string | null;
}

export type BuildCompareEvent = { type: 'compare.retry' };

export interface PageInput {
  repo: RepoRef;
  page: number;
}

export interface PreviousInput {
  repo: RepoRef;
  number: number;
}

const pageOf = (event: unknown) => (event as { output: Build[] }).output;

export const buildCompareMachine = setup({
  types: {
    context: {} as BuildCompareContext,
    input: {} as { repo: RepoRef; build: Build },
    events: {} as BuildCompareEvent,
  },
  actors: {
    fetchBuildsPage: fromPromise<Build[], PageInput>(({ input }) =>
      fetchBuilds(input.repo, input.page, COMPARE_PAGE_SIZE),
    ),
    fetchPrevious: fromPromise<Build, PreviousInput>(({ input }) =>
      fetchBuild(input.repo, input.number),
    ),
  },
  guards: {
    pageHasPrevious: ({ context, event }) => !!findPrevious(context.build, pageOf(event)),
    // A short page is the last one; past MAX_PAGES the search gives up.
    searchIsOver: ({ context, event }) =>
      pageOf(event).length < COMPARE_PAGE_SIZE || context.page >= MAX_PAGES,
  },
  actions: {
    assignFound: assign(({ context, event }) => ({
      previousNumber: findPrevious(context.build, pageOf(event))?.number ?? null,
      searched: context.searched + pageOf(event).length,
    })),
    assignSearched: assign(({ context, event }) => ({
      searched: context.searched + pageOf(event).length,
      reachedEnd: pageOf(event).length < COMPARE_PAGE_SIZE,
    })),
    nextPage: assign(({ context, event }) => ({
      page: context.page + 1,
      searched: context.searched + pageOf(event).length,
    })),
    assignPrevious: assign({
      previous: ({ event }) => (event as unknown as { output: Build }).output,
    }),
    assignError: assign({ error: ({ event }) => errorMessageOf(event) }),
    restart: assign({ page: 1, searched: 0, reachedEnd: false, error: null }),
  },
}).createMachine({
  id: 'buildCompare',
  context: ({ input }) => ({
    repo: input.repo,
    build: input.build,
    page: 1,
    searched: 0,
    reachedEnd: false,
    previousNumber: null,
    previous: null,
    error: null,
  }),
  initial: 'searching',
  states: {
    searching: {
      invoke: {
        id: 'fetchBuildsPage',
        src: 'fetchBuildsPage',
        input: ({ context }) => ({ repo: context.repo, page: context.page }),
        onDone: [
          { guard: 'pageHasPrevious', target: 'loadingPrevious', actions: 'assignFound' },
          { guard: 'searchIsOver', target: 'none', actions: 'assignSearched' },
          { target: 'searching', reenter: true, actions: 'nextPage' },
        ],
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    loadingPrevious: {
      invoke: {
        id: 'fetchPrevious',
        src: 'fetchPrevious',
        input: ({ context }) => ({ repo: context.repo, number: context.previousNumber ?? 0 }),
        onDone: { target: 'ready', actions: 'assignPrevious' },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    ready: {},
    /** No previous build of the family in the builds searched. */
    none: {},
    failed: {
      on: { 'compare.retry': { target: 'searching', actions: 'restart' } },
    },
  },
});

type CompareSnapshot = { context: BuildCompareContext; value: unknown };

export const selectCompareState = (snapshot: CompareSnapshot) =>
  snapshot.value as 'searching' | 'loadingPrevious' | 'ready' | 'none' | 'failed';
export const selectPrevious = (snapshot: CompareSnapshot) => snapshot.context.previous;
export const selectCompareError = (snapshot: CompareSnapshot) => snapshot.context.error;
export const selectSearched = (snapshot: CompareSnapshot) => snapshot.context.searched;
export const selectReachedEnd = (snapshot: CompareSnapshot) => snapshot.context.reachedEnd;
