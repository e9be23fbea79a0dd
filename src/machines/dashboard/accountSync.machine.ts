import { fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import type { User } from '../../api/types';
import { fetchCurrentUser, syncUserRepos } from '../../api/user';
import { msg } from '../../i18n/message';
import { notify } from '../shell/toasts.machine';

// docs/spec.md 4.7 / 9: Sync starts an account sync (POST /api/user/repos?async=true, answered at once),
// then GET /api/user every 10000 ms while `syncing` is true. The first read waits one interval
// too: the server flags the user as syncing from a background task, so an immediate read could
// still see `false` and end the sync before it began.
export const SYNC_POLL_INTERVAL = 10000;
export const SYNC_ERROR_MESSAGE = msg('dashboard.syncFailed');

export interface AccountSyncInput {
  /** The account-syncing flag, read once when the page opens. */
  syncing: boolean;
}

export const accountSyncMachine = setup({
  types: {
    input: {} as AccountSyncInput,
    context: {} as { syncingAtStart: boolean },
    events: {} as { type: 'sync.start' },
  },
  actors: {
    startSync: fromPromise<void>(() => syncUserRepos()),
    fetchUser: fromPromise<User>(() => fetchCurrentUser()),
  },
  guards: {
    isSyncingAtStart: ({ context }) => context.syncingAtStart,
    isStillSyncing: ({ event }) => (event as { output?: User }).output?.syncing === true,
  },
  actions: {
    // The owner (the dashboard) reloads its repository list when told the sync is over.
    notifySynced: sendParent({ type: 'account.synced' }),
    notifySyncError: () => notify.error(SYNC_ERROR_MESSAGE),
  },
  delays: { SYNC_POLL_INTERVAL },
}).createMachine({
  id: 'accountSync',
  context: ({ input }) => ({ syncingAtStart: input.syncing }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isSyncingAtStart', target: 'waiting' }, { target: 'idle' }],
    },
    idle: {
      on: { 'sync.start': 'starting' },
    },
    starting: {
      invoke: {
        id: 'startSync',
        src: 'startSync',
        onDone: 'waiting',
        onError: { target: 'idle', actions: 'notifySyncError' },
      },
    },
    waiting: {
      after: { SYNC_POLL_INTERVAL: 'polling' },
    },
    polling: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: [
          { guard: 'isStillSyncing', target: 'waiting' },
          { target: 'idle', actions: 'notifySynced' },
        ],
        onError: { target: 'idle', actions: 'notifySyncError' },
      },
    },
  },
});

export const selectIsSyncing = (snapshot: SnapshotFrom<typeof accountSyncMachine>) =>
  !snapshot.matches('idle') && !snapshot.matches('checking');
