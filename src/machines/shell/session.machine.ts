import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/client';
import { fetchCurrentUser } from '../../api/user';
import type { User } from '../../api/types';
import { appActor, endUserActors } from '../app/appActors';
import { forgetKeptBuilds } from '../../api/keptBuilds';

// docs/spec.md 2.1 and 6: who is signed in, and what that user may see.
export const sessionMachine = setup({
  types: {
    context: {} as { user: User | null; error: string | null },
    events: {} as
      | { type: 'session.reload' }
      | { type: 'session.signedOut' }
      | { type: 'session.userUpdated'; user: User },
  },
  actors: {
    fetchUser: fromPromise<User>(() => fetchCurrentUser()),
  },
  actions: {
    /**
     * Signed out (or never signed in): the palette, search and notifications actors end, and the
     * builds kept in the browser for the insights go.
     */
    endUserActors: () => {
      endUserActors();
      forgetKeptBuilds();
    },
  },
  guards: {
    isUnauthorized: ({ event }) => (event as { error?: ApiError }).error?.status === 401,
  },
}).createMachine({
  id: 'session',
  context: { user: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: {
          target: 'signedIn',
          actions: assign({ user: ({ event }) => event.output, error: null }),
        },
        onError: [
          {
            guard: 'isUnauthorized',
            target: 'anonymous',
            actions: assign({ user: null, error: null }),
          },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => (event.error as ApiError).message }),
          },
        ],
      },
    },
    signedIn: {
      on: {
        'session.userUpdated': { actions: assign({ user: ({ event }) => event.user }) },
      },
    },
    anonymous: { entry: 'endUserActors' },
    failed: {},
  },
  on: {
    'session.reload': '.loading',
    // Accepted in every state: a sign-out that lands while the user is still loading must win
    // over the (now stale) answer, so leaving `loading` also drops its call.
    'session.signedOut': { target: '.anonymous', actions: assign({ user: null, error: null }) },
  },
});

type SessionSnapshot = { context: { user: User | null }; value: unknown };

export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.user;
export const selectIsAdmin = (snapshot: SessionSnapshot) => snapshot.context.user?.admin === true;
export const selectIsLoading = (snapshot: { value: unknown }) => snapshot.value === 'loading';
export const selectIsSignedIn = (snapshot: { value: unknown }) => snapshot.value === 'signedIn';

/** The app's one session (appActors.ts), started at the first render. */
export const sessionActor = () => appActor('session', sessionMachine);
