import { msg } from '../../i18n/message';
import { serverSaid } from '../shell/callErrors';
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { ApiError } from '../../api/client';
import { signOut } from '../../api/user';
import type { SessionRef } from './login.machine';
import { notify } from '../shell/toasts.machine';

// docs/spec.md 2.1 / 2.11: /logout asks the server to clear the `_session_` cookie, then tells the
// session so every screen forgets the user. A failed call keeps the user signed in and says so.
export const logoutMachine = setup({
  types: {
    input: {} as { session: SessionRef },
    context: {} as { session: SessionRef; error: string | null },
    events: {} as { type: 'logout.retry' },
  },
  actors: {
    endSession: fromPromise<unknown>(() => signOut()),
  },
  actions: {
    notifySessionEnded: sendTo(({ context }) => context.session, { type: 'session.signedOut' }),
    notifyError: ({ context }) =>
      notify.error(context.error ? serverSaid(context.error) : msg('auth.signOutFailed')),
  },
}).createMachine({
  id: 'logout',
  context: ({ input }) => ({ session: input.session, error: null }),
  initial: 'signingOut',
  states: {
    signingOut: {
      invoke: {
        id: 'endSession',
        src: 'endSession',
        onDone: { target: 'signedOut', actions: 'notifySessionEnded' },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => (event.error as ApiError).message }),
            'notifyError',
          ],
        },
      },
    },
    signedOut: { type: 'final' },
    failed: {
      on: { 'logout.retry': { target: 'signingOut', actions: assign({ error: null }) } },
    },
  },
});

type LogoutSnapshot = { value: unknown; context: { error: string | null } };

export const selectIsSignedOut = (snapshot: LogoutSnapshot) => snapshot.value === 'signedOut';
export const selectLogoutError = (snapshot: LogoutSnapshot) =>
  snapshot.value === 'failed' ? snapshot.context.error : null;
