import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import type { Repository } from '../../api/types';
import { fetchIncompleteBuilds, fetchUserBuilds, fetchUserRepos } from '../../api/user';
import { upsertBuild, updateRunning } from './feedList';
import type { RepoEventsEmitted } from '../repo/repoEvents.machine';
import { followRepoEvents } from '../repo/repoEventsLink';

// The builds feed (/builds-feed): the 25 newest builds across the user's repositories, kept
// live from /api/stream, and for system administrators the builds running now.

export interface BuildsFeedInput {
  isAdmin: boolean;
}

export interface BuildsFeedContext {
  isAdmin: boolean;
  builds: Repository[];
  /**
   * Slugs of the user's repositories. The stream also reports public repositories the user
   * does not have, and those do not belong in this feed.
   */
  slugs: string[];
  running: Repository[];
  error: string | null;
  runningError: string | null;
}

export type BuildsFeedEvent = { type: 'feed.reload' } | RepoEventsEmitted;

const messageOf = (error: unknown) => (error as ApiError).message;

export const buildsFeedMachine = setup({
  types: {
    input: {} as BuildsFeedInput,
    context: {} as BuildsFeedContext,
    events: {} as BuildsFeedEvent,
  },
  actors: {
    fetchFeed: fromPromise<{ builds: Repository[]; slugs: string[] }>(async () => {
      const [builds, repos] = await Promise.all([fetchUserBuilds(), fetchUserRepos()]);
      return { builds, slugs: repos.map((repo) => repo.slug) };
    }),
    fetchRunning: fromPromise<Repository[]>(() => fetchIncompleteBuilds()),
    followRepoEvents,
  },
  guards: {
    isAdmin: ({ context }) => context.isAdmin,
  },
  actions: {
    assignLiveBuild: assign(({ context, event }) => {
      if (event.type !== 'repo.updated') return {};
      const mine = context.slugs.includes(event.repo.slug);
      return {
        builds: mine ? upsertBuild(context.builds, event.repo) : context.builds,
        running: context.isAdmin ? updateRunning(context.running, event.repo) : context.running,
      };
    }),
  },
}).createMachine({
  id: 'buildsFeed',
  context: ({ input }) => ({
    isAdmin: input.isAdmin,
    builds: [],
    slugs: [],
    running: [],
    error: null,
    runningError: null,
  }),
  invoke: { src: 'followRepoEvents' },
  type: 'parallel',
  states: {
    feed: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchFeed',
            src: 'fetchFeed',
            onDone: {
              target: 'ready',
              actions: assign({
                builds: ({ event }) => event.output.builds,
                slugs: ({ event }) => event.output.slugs,
                error: null,
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => messageOf(event.error) }),
            },
          },
        },
        ready: {},
        failed: {
          on: { 'feed.reload': 'loading' },
        },
      },
      on: {
        // After a reconnect the list is fetched again; what is shown stays until it arrives.
        'stream.reconnected': '.loading',
      },
    },
    running: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'isAdmin', target: 'loading' }, { target: 'hidden' }],
        },
        hidden: {},
        loading: {
          invoke: {
            id: 'fetchRunning',
            src: 'fetchRunning',
            onDone: {
              target: 'ready',
              actions: assign({ running: ({ event }) => event.output, runningError: null }),
            },
            onError: {
              target: 'failed',
              actions: assign({ runningError: ({ event }) => messageOf(event.error) }),
            },
          },
        },
        ready: {},
        failed: {
          on: { 'feed.reload': 'loading' },
        },
      },
      on: {
        'stream.reconnected': '.checking',
      },
    },
  },
  on: {
    'repo.updated': { actions: 'assignLiveBuild' },
  },
});

type BuildsFeedSnapshot = SnapshotFrom<typeof buildsFeedMachine>;

export const selectBuilds = (snapshot: BuildsFeedSnapshot) => snapshot.context.builds;
export const selectRunning = (snapshot: BuildsFeedSnapshot) => snapshot.context.running;
export const selectIsFeedLoading = (snapshot: BuildsFeedSnapshot) =>
  snapshot.matches({ feed: 'loading' });
export const selectFeedError = (snapshot: BuildsFeedSnapshot) =>
  snapshot.matches({ feed: 'failed' }) ? snapshot.context.error : null;
export const selectShowsRunning = (snapshot: BuildsFeedSnapshot) =>
  !snapshot.matches({ running: 'hidden' }) && !snapshot.matches({ running: 'checking' });
export const selectIsRunningLoading = (snapshot: BuildsFeedSnapshot) =>
  snapshot.matches({ running: 'loading' });
export const selectRunningError = (snapshot: BuildsFeedSnapshot) =>
  snapshot.matches({ running: 'failed' }) ? snapshot.context.runningError : null;
