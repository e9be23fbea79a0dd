import { serverSaid } from '../shell/callErrors';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import type { Repository } from '../../api/types';
import { fetchUserRepos } from '../../api/user';
import { accountSyncMachine } from './accountSync.machine';
import type { RepoEventsEmitted } from '../repo/repoEvents.machine';
import { followRepoEvents } from '../repo/repoEventsLink';
import {
  filterRepos,
  mergeRepoEvent,
  namespacesOf,
  readPreferences,
  recentActivity,
  REPOS_PAGE_SIZE,
  sortRepos,
  writePreferences,
  type RepoListPreferences,
  type SortOption,
} from './repoList';
import { invalidateSearchRepos } from '../palette/searchLink';
import { notify } from '../shell/toasts.machine';

// docs/spec.md 2.4, 4.5 and 4.7: the dashboard's repository list with its filters, local preferences,
// live updates from /api/stream, and the account sync (an invoked child, `accountSync`).

export interface DashboardInput {
  /** The signed-in user's `syncing` flag when the page opens (docs/spec.md 4.7). */
  syncing: boolean;
}

export interface DashboardContext {
  syncingAtStart: boolean;
  repos: Repository[];
  /** Whether a list has arrived at least once (an empty list is a real answer). */
  loaded: boolean;
  error: string | null;
  prefs: RepoListPreferences;
  filter: string;
  visibleCount: number;
}

export type DashboardEvent =
  | { type: 'prefs.setActiveOnly'; value: boolean }
  | { type: 'prefs.setSortBy'; value: SortOption }
  | { type: 'prefs.setOrg'; value: string }
  | { type: 'repos.filter'; text: string }
  | { type: 'repos.showMore' }
  | { type: 'repos.reload' }
  | { type: 'account.synced' }
  | RepoEventsEmitted;

const browserStorage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

export const dashboardMachine = setup({
  types: {
    input: {} as DashboardInput,
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    fetchRepos: fromPromise<Repository[]>(() => fetchUserRepos()),
    followRepoEvents,
    accountSync: accountSyncMachine,
  },
  actions: {
    assignStoredPreferences: assign({ prefs: () => readPreferences(browserStorage()) }),
    persistPreferences: ({ context }) => writePreferences(browserStorage(), context.prefs),
    assignPreference: assign(({ context, event }) => {
      const prefs = { ...context.prefs };
      if (event.type === 'prefs.setActiveOnly') prefs.activeOnly = event.value;
      if (event.type === 'prefs.setSortBy') prefs.sortBy = event.value;
      if (event.type === 'prefs.setOrg') prefs.org = event.value;
      return { prefs, visibleCount: REPOS_PAGE_SIZE };
    }),
    assignFilter: assign({
      filter: ({ event }) => (event.type === 'repos.filter' ? event.text : ''),
      visibleCount: REPOS_PAGE_SIZE,
    }),
    assignMoreVisible: assign({
      visibleCount: ({ context }) => context.visibleCount + REPOS_PAGE_SIZE,
    }),
    assignMergedRepo: assign({
      repos: ({ context, event }) =>
        event.type === 'repo.updated' ? mergeRepoEvent(context.repos, event.repo) : context.repos,
    }),
    // Search keeps its own copy of the list; after a sync it is stale too.
    invalidateSearch: () => invalidateSearchRepos(),
    notifyReloadError: (_, params: { error: unknown }) =>
      notify.error(serverSaid((params.error as ApiError).message)),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({
    syncingAtStart: input.syncing,
    repos: [],
    loaded: false,
    error: null,
    prefs: readPreferences(undefined),
    filter: '',
    visibleCount: REPOS_PAGE_SIZE,
  }),
  entry: 'assignStoredPreferences',
  invoke: [
    { src: 'followRepoEvents' },
    {
      id: 'accountSync',
      src: 'accountSync',
      input: ({ context }) => ({ syncing: context.syncingAtStart }),
    },
  ],
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchRepos',
        src: 'fetchRepos',
        onDone: {
          target: 'ready',
          actions: assign({ repos: ({ event }) => event.output, loaded: true, error: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error as ApiError).message }),
        },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {},
        // The list stays on screen while it is fetched again.
        refreshing: {
          invoke: {
            id: 'fetchRepos',
            src: 'fetchRepos',
            onDone: {
              target: 'idle',
              actions: assign({ repos: ({ event }) => event.output, error: null }),
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'notifyReloadError',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
      },
      on: {
        'repos.reload': '.refreshing',
        'stream.reconnected': '.refreshing',
        'account.synced': { target: '.refreshing', actions: 'invalidateSearch' },
      },
    },
    failed: {
      on: {
        'repos.reload': 'loading',
        'stream.reconnected': 'loading',
        'account.synced': { target: 'loading', actions: 'invalidateSearch' },
      },
    },
  },
  on: {
    'prefs.setActiveOnly': { actions: ['assignPreference', 'persistPreferences'] },
    'prefs.setSortBy': { actions: ['assignPreference', 'persistPreferences'] },
    'prefs.setOrg': { actions: ['assignPreference', 'persistPreferences'] },
    'repos.filter': { actions: 'assignFilter' },
    'repos.showMore': { actions: 'assignMoreVisible' },
    'repo.updated': { actions: 'assignMergedRepo' },
  },
});

type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

/** The filtered and sorted list, cached per context so selectors stay cheap and stable. */
const listCache = new WeakMap<DashboardContext, Repository[]>();
function filteredList(context: DashboardContext): Repository[] {
  let list = listCache.get(context);
  if (!list) {
    const org = namespacesOf(context.repos).includes(context.prefs.org) ? context.prefs.org : '';
    const prefs = { ...context.prefs, org };
    list = sortRepos(filterRepos(context.repos, prefs, context.filter), prefs.sortBy);
    listCache.set(context, list);
  }
  return list;
}

const visibleCache = new WeakMap<DashboardContext, Repository[]>();
export function selectVisibleRepos(snapshot: DashboardSnapshot): Repository[] {
  const { context } = snapshot;
  let visible = visibleCache.get(context);
  if (!visible) {
    visible = filteredList(context).slice(0, context.visibleCount);
    visibleCache.set(context, visible);
  }
  return visible;
}

export const selectHasMore = (snapshot: DashboardSnapshot) =>
  filteredList(snapshot.context).length > snapshot.context.visibleCount;

const recentCache = new WeakMap<Repository[], Repository[]>();
export function selectRecentActivity(snapshot: DashboardSnapshot): Repository[] {
  const { repos } = snapshot.context;
  let recent = recentCache.get(repos);
  if (!recent) {
    recent = recentActivity(repos);
    recentCache.set(repos, recent);
  }
  return recent;
}

const namespacesCache = new WeakMap<Repository[], string[]>();
export function selectOrganizations(snapshot: DashboardSnapshot): string[] {
  const { repos } = snapshot.context;
  let namespaces = namespacesCache.get(repos);
  if (!namespaces) {
    namespaces = namespacesOf(repos);
    namespacesCache.set(repos, namespaces);
  }
  return namespaces;
}

export const selectPreferences = (snapshot: DashboardSnapshot) => snapshot.context.prefs;
export const selectFilter = (snapshot: DashboardSnapshot) => snapshot.context.filter;
export const selectIsLoading = (snapshot: DashboardSnapshot) => !snapshot.context.loaded;
export const selectIsEmpty = (snapshot: DashboardSnapshot) =>
  snapshot.context.loaded && snapshot.context.repos.length === 0;
export const selectError = (snapshot: DashboardSnapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectAccountSync = (snapshot: DashboardSnapshot) => snapshot.children.accountSync;
