import { assign, fromPromise, setup } from 'xstate';
import { fetchRepo, type RepoRef } from '../../api/repos';
import type { Repository } from '../../api/types';
import { errorMessageOf, serverSaid } from '../shell/callErrors';
import { followRepoEvents } from './repoEventsLink';
import { notify } from '../shell/toasts.machine';
import { watchForNotifications } from '../notifications/notificationsLink';

// docs/spec.md 2.5, 4.5, 4.6: the repository behind the repository pages (header, tabs, settings).
// It loads once, reloads on request, and follows live events for this repository.

/** docs/spec.md 2.5 / 8: these lookup failures show the not-found page. */
export const NOT_FOUND_MESSAGES = ['Not Found', 'Unauthorized'];

export interface RepoContext {
  ref: RepoRef;
  repo: Repository | null;
  error: string | null;
}

export type RepoEvent =
  | { type: 'repo.reload' }
  /** The settings screen changed the repository (activate, save, disable). */
  | { type: 'repo.changed'; repo: Repository }
  /** From the shared /api/stream event stream. */
  | { type: 'repo.updated'; repo: Repository }
  | { type: 'stream.reconnected' };

/**
 * Events and PATCH/POST/DELETE answers carry no `permissions` (docs/drone-api.md 3.2, 4.1): keep the
 * ones from the lookup so the tabs and buttons do not disappear after a change.
 */
export function mergeRepo(previous: Repository | null, next: Repository): Repository {
  const permissions = next.permissions ?? previous?.permissions;
  const build = next.build ?? previous?.build;
  return { ...next, ...(permissions ? { permissions } : {}), ...(build ? { build } : {}) };
}

export const isSameRepo = (ref: RepoRef, repo: Repository) =>
  repo.namespace === ref.namespace && repo.name === ref.name;

/** A `repo.updated` event carrying a build of this repository: a build list's live update. */
export const isBuildOfRepo = (ref: RepoRef, event: { type: string; repo?: Repository }) =>
  event.type === 'repo.updated' && Boolean(event.repo?.build) && isSameRepo(ref, event.repo!);

export const repoMachine = setup({
  types: {
    context: {} as RepoContext,
    input: {} as { ref: RepoRef },
    events: {} as RepoEvent,
  },
  actors: {
    fetchRepository: fromPromise<Repository, RepoRef>(({ input }) => fetchRepo(input)),
    followRepoEvents,
    watchForNotifications,
  },
  guards: {
    isNotFound: ({ event }) => NOT_FOUND_MESSAGES.includes(errorMessageOf(event, '')),
    isThisRepo: ({ context, event }) =>
      (event.type === 'repo.updated' || event.type === 'repo.changed') &&
      isSameRepo(context.ref, event.repo),
  },
  actions: {
    assignRepo: assign(({ context, event }) => {
      const next =
        'repo' in event ? event.repo : (event as unknown as { output: Repository }).output;
      return { repo: mergeRepo(context.repo, next), error: null };
    }),
    assignError: assign({
      error: ({ event }) => errorMessageOf(event),
    }),
    notifyError: ({ context }) => notify.error(serverSaid(context.error)),
  },
}).createMachine({
  id: 'repo',
  context: ({ input }) => ({ ref: input.ref, repo: null, error: null }),
  // Issue 19 item 1: builds of the repository shown here are announced when they finish.
  invoke: { src: 'watchForNotifications', input: ({ context }) => context.ref },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchRepository',
        src: 'fetchRepository',
        input: ({ context }) => context.ref,
        onDone: { target: 'ready', actions: 'assignRepo' },
        onError: [
          { guard: 'isNotFound', target: 'notFound', actions: 'assignError' },
          { target: 'failed', actions: ['assignError', 'notifyError'] },
        ],
      },
    },
    ready: {
      invoke: { id: 'followRepoEvents', src: 'followRepoEvents' },
      on: {
        'repo.updated': { guard: 'isThisRepo', actions: 'assignRepo' },
        // The stream may have missed changes while it was down.
        'stream.reconnected': 'loading',
      },
    },
    notFound: {},
    failed: {},
  },
  on: {
    'repo.reload': '.loading',
    'repo.changed': { guard: 'isThisRepo', actions: 'assignRepo' },
  },
});

type RepoSnapshot = { context: RepoContext; value: unknown };

export const selectRepo = (snapshot: RepoSnapshot) => snapshot.context.repo;
export const selectIsNotFound = (snapshot: RepoSnapshot) => snapshot.value === 'notFound';
/** A failure other than not-found, with nothing to show yet. */
export const selectLoadError = (snapshot: RepoSnapshot) =>
  snapshot.value === 'failed' && !snapshot.context.repo ? snapshot.context.error : null;
