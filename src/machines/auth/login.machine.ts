import { msg } from '../../i18n/message';
import { serverSaid } from '../shell/callErrors';
import { assign, fromPromise, sendTo, setup, type ActorRef, type Snapshot } from 'xstate';
import type { ApiError } from '../../api/client';
import { signIn } from '../../api/user';
import type { Navigate } from '../shell/navigation';
import { notify } from '../shell/toasts.machine';

// docs/spec.md 2.11 / 7.1: the sign-in form. A native form POST would be a navigation, which the
// in-browser mock (a service worker) cannot answer, so the form is sent as a call and the
// browser then goes where the server's redirect pointed: `/` or `/register` once signed in,
// `/login/error?message=...` when the server refused.
export const LOGIN_ERROR_PATH = '/login/error';

/** The session actor, as far as the auth machines are concerned. */
export type SessionRef = ActorRef<
  Snapshot<unknown>,
  { type: 'session.reload' } | { type: 'session.signedOut' }
>;

/** Where to go after the server's answer; an answer without a redirect is a failed sign-in. */
export function destinationOf(location: string | null): string {
  return location ?? LOGIN_ERROR_PATH;
}

export const loginMachine = setup({
  types: {
    input: {} as { navigate: Navigate; session: SessionRef },
    context: {} as { navigate: Navigate; session: SessionRef; error: string | null },
    events: {} as { type: 'login.submit'; username: string; password: string },
  },
  actors: {
    submitCredentials: fromPromise<string | null, { username: string; password: string }>(
      ({ input }) => signIn(input.username, input.password),
    ),
  },
  guards: {
    isSignedIn: (_, params: { destination: string }) =>
      params.destination !== LOGIN_ERROR_PATH &&
      !params.destination.startsWith(`${LOGIN_ERROR_PATH}?`),
  },
  actions: {
    reloadSession: sendTo(({ context }) => context.session, { type: 'session.reload' }),
    navigateTo: ({ context }, params: { to: string }) => context.navigate(params.to),
    notifyError: ({ context }) =>
      notify.error(context.error ? serverSaid(context.error) : msg('auth.signInFailed')),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: { 'login.submit': 'submitting' },
    },
    submitting: {
      invoke: {
        id: 'submitCredentials',
        src: 'submitCredentials',
        input: ({ event }) => ({ username: event.username, password: event.password }),
        onDone: [
          {
            guard: {
              type: 'isSignedIn',
              params: ({ event }) => ({ destination: destinationOf(event.output) }),
            },
            target: 'done',
            // Reload first, so the guarded page waits for the session instead of sending a
            // not-yet-known user back to /welcome.
            actions: [
              'reloadSession',
              { type: 'navigateTo', params: ({ event }) => ({ to: destinationOf(event.output) }) },
            ],
          },
          {
            target: 'done',
            actions: {
              type: 'navigateTo',
              params: ({ event }) => ({ to: destinationOf(event.output) }),
            },
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => (event.error as ApiError).message }),
            'notifyError',
          ],
        },
      },
    },
    done: { type: 'final' },
  },
});

export const selectIsSubmitting = (snapshot: { value: unknown }) => snapshot.value === 'submitting';
