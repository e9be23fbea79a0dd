import { useSelector } from '@xstate/react';
import { sessionActor } from '../../machines/shell/session.machine';

type SessionSnapshot = ReturnType<ReturnType<typeof sessionActor>['getSnapshot']>;

/**
 * The signed-in user, shared by every screen (docs/spec.md 6): the app's one session actor
 * (machines/app/appActors.ts), so it is started once, not once per render of a provider (React's
 * StrictMode would fetch the user twice).
 */
export const SessionContext = {
  useActorRef: () => sessionActor(),
  useSelector: <T>(selector: (snapshot: SessionSnapshot) => T) =>
    useSelector(sessionActor(), selector),
};

export function useCurrentUser() {
  return SessionContext.useSelector((snapshot) => snapshot.context.user);
}

export function useSessionState() {
  return SessionContext.useSelector((snapshot) => snapshot.value as string);
}
