import { createActorContext } from '@xstate/react';
import { inspect } from '../../machines/devtools/inspector';
import { sessionMachine } from '../../machines/shell/session.machine';

/** The signed-in user, shared by every screen (docs/spec.md 6). */
export const SessionContext = createActorContext(sessionMachine, { inspect });

export function useCurrentUser() {
  return SessionContext.useSelector((snapshot) => snapshot.context.user);
}

export function useSessionState() {
  return SessionContext.useSelector((snapshot) => snapshot.value as string);
}
