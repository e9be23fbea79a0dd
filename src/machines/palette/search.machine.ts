import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import type { Repository } from '../../api/types';
import { fetchUserRepos } from '../../api/user';
import { normalizeQuery, searchRepos } from './repoSearch';
import { onSearchInvalidated } from './searchLink';
import { appActor, runningAppActor, swapAppActor } from '../app/appActors';

// docs/spec.md 2.3, 5 and 9: the search drawer. The drawer slides out for 200 ms before it is gone; the
// repository list (GET /api/user/repos?latest=true) is loaded on first open and kept, so typing
// never calls the server; `search.reload` fetches it again (after an account sync, or a retry).
// This module loads on demand, with the drawer or the command palette (docs/issues.md issue 18):
// the sidebar's Search button loads it on its first click, the palette's first key with its own.
export const DRAWER_SLIDE_OUT = 200;

export interface SearchContext {
  query: string;
  repos: Repository[];
  error: string | null;
}

export type SearchEvent =
  | { type: 'search.open' }
  | { type: 'search.close' }
  | { type: 'search.type'; query: string }
  | { type: 'search.reload' }
  /** The command palette needs the list without the drawer (issue 19 item 2). */
  | { type: 'search.load' };

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actors: {
    fetchRepos: fromPromise<Repository[]>(() => fetchUserRepos()),
  },
  actions: {
    assignQuery: assign({
      query: ({ event }) => (event.type === 'search.type' ? event.query : ''),
    }),
    clearQuery: assign({ query: '' }),
  },
  delays: { DRAWER_SLIDE_OUT },
}).createMachine({
  id: 'search',
  context: { query: '', repos: [], error: null },
  type: 'parallel',
  states: {
    drawer: {
      initial: 'closed',
      states: {
        closed: {
          entry: 'clearQuery',
          on: { 'search.open': 'open' },
        },
        open: {
          on: {
            'search.close': 'closing',
            'search.type': { actions: 'assignQuery' },
          },
        },
        // Still rendered while it slides out; opening again cancels the slide.
        closing: {
          after: { DRAWER_SLIDE_OUT: 'closed' },
          on: { 'search.open': 'open' },
        },
      },
    },
    repos: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'search.open': 'loading', 'search.load': 'loading' },
        },
        loading: {
          // A retry (or reopening after a failure) shows the spinner, not the old error.
          entry: assign({ error: null }),
          invoke: {
            id: 'fetchRepos',
            src: 'fetchRepos',
            onDone: {
              target: 'loaded',
              actions: assign({ repos: ({ event }) => event.output, error: null }),
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => (event.error as ApiError).message }),
            },
          },
        },
        loaded: {
          on: { 'search.reload': 'loading' },
        },
        failed: {
          on: { 'search.reload': 'loading', 'search.open': 'loading', 'search.load': 'loading' },
        },
      },
    },
  },
});

type SearchSnapshot = SnapshotFrom<typeof searchMachine>;

export const selectIsDrawerOpen = (snapshot: SearchSnapshot) =>
  snapshot.matches({ drawer: 'open' });
export const selectIsDrawerClosing = (snapshot: SearchSnapshot) =>
  snapshot.matches({ drawer: 'closing' });
export const selectIsDrawerShown = (snapshot: SearchSnapshot) =>
  !snapshot.matches({ drawer: 'closed' });
export const selectQuery = (snapshot: SearchSnapshot) => snapshot.context.query;
export const selectHasQuery = (snapshot: SearchSnapshot) =>
  normalizeQuery(snapshot.context.query) !== '';
export const selectIsLoadingRepos = (snapshot: SearchSnapshot) =>
  snapshot.matches({ repos: 'loading' });
export const selectReposError = (snapshot: SearchSnapshot) => snapshot.context.error;
export const selectRepos = (snapshot: SearchSnapshot) => snapshot.context.repos;

// Results are derived from the query and the list, never stored; cached per context object so
// a selector re-run on the same snapshot returns the same array.
const resultsCache = new WeakMap<SearchContext, Repository[]>();
export function selectResults(snapshot: SearchSnapshot): Repository[] {
  const { context } = snapshot;
  let results = resultsCache.get(context);
  if (!results) {
    results = searchRepos(context.repos, context.query);
    resultsCache.set(context, results);
  }
  return results;
}

/**
 * One search actor for the whole app: the sidebar is re-mounted on every route, and the list is
 * loaded once, not once per page. The list is the signed-in user's: the next user loads their own.
 */
export const searchActor = () => appActor('search', searchMachine);

// The dashboard asks through searchLink.ts, which does nothing until this module has loaded.
onSearchInvalidated(() => runningAppActor('search')?.send({ type: 'search.reload' }));

/**
 * Tests: forget the shared actor so each test starts from a closed, empty drawer; the next one
 * runs `logic` (e.g. `searchMachine.provide({ actors })` with answers the test controls).
 */
export const resetSearchActor = (logic?: typeof searchMachine) => swapAppActor('search', logic);
