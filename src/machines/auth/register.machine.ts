import { fromPromise, sendTo, setup, type ActorRef, type Snapshot } from 'xstate';
import type { RegistrationPatch, User } from '../../api/types';
import { updateUserProfile } from '../../api/user';
import type { Navigate } from '../shell/navigation';

// docs/spec.md 2.11 / 7.1: completing the registration PATCHes the user and then goes home whatever the
// answer; a failure is only logged (the API client logs every failed call to the console).
export const HOME_PATH = '/';

type SessionUpdate = ActorRef<Snapshot<unknown>, { type: 'session.userUpdated'; user: User }>;

type RegisterEvent = { type: 'register.submit'; email: string; name: string; company: string };

/** The registration body: trimmed values, and no company when none was typed. */
export function registrationOf(event: RegisterEvent): RegistrationPatch {
  const company = event.company.trim();
  return {
    email: event.email.trim(),
    name: event.name.trim(),
    ...(company ? { company } : {}),
  };
}

export const registerMachine = setup({
  types: {
    input: {} as { navigate: Navigate; session: SessionUpdate },
    context: {} as { navigate: Navigate; session: SessionUpdate },
    events: {} as RegisterEvent,
  },
  actors: {
    saveRegistration: fromPromise<User, RegistrationPatch>(({ input }) => updateUserProfile(input)),
  },
  actions: {
    goHome: ({ context }) => context.navigate(HOME_PATH),
    assignSessionUser: sendTo(
      ({ context }) => context.session,
      (_, params: { user: User }) => ({ type: 'session.userUpdated', user: params.user }),
    ),
  },
}).createMachine({
  id: 'register',
  context: ({ input }) => input,
  initial: 'editing',
  states: {
    editing: {
      on: { 'register.submit': 'submitting' },
    },
    submitting: {
      invoke: {
        id: 'saveRegistration',
        src: 'saveRegistration',
        input: ({ event }) => registrationOf(event),
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignSessionUser', params: ({ event }) => ({ user: event.output }) },
            'goHome',
          ],
        },
        onError: { target: 'done', actions: 'goHome' },
      },
    },
    done: { type: 'final' },
  },
});

export const selectIsSubmitting = (snapshot: { value: unknown }) => snapshot.value === 'submitting';
