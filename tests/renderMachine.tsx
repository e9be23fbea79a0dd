import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise, type AnyActorRef, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { ApiError } from '../src/api/client';
import type { User } from '../src/api/types';
import { swapAppActor } from '../src/machines/app/appActors';
import { sessionActor, sessionMachine } from '../src/machines/shell/session.machine';
import { ProvideMachines } from '../src/views/useInspectedActorRef';
import { makeUser } from './factories';

/**
 * Renders a real view with its machines swapped for provided ones (`machine.provide({ actors })`
 * with controlled answers), for the model-based tests: the view under test creates its actors
 * itself, through useInspectedActorRef, and the test reaches them with `actorOf(machine)`.
 * No network: the session is a signed-in user (or `user: null`, anonymous) and every call the
 * view's machines make is one of the provided actors.
 */
export function renderWithMachines(
  ui: ReactElement,
  {
    machines,
    path = '/',
    user = makeUser(),
  }: {
    machines: Array<[AnyStateMachine, AnyStateMachine]>;
    path?: string;
    user?: User | null;
  },
) {
  const logic = new Map<AnyStateMachine, AnyStateMachine>(machines);
  const provided = new Set(logic.values());
  const actors: AnyActorRef[] = [];
  const inspect = (event: InspectionEvent) => {
    const ref = event.actorRef as AnyActorRef & { logic?: unknown };
    if (provided.has(ref.logic as AnyStateMachine) && !actors.includes(ref)) actors.push(ref);
  };
  // The session is one of the machines (its own model-based test) or a fixed user.
  const session =
    (logic.get(sessionMachine) as typeof sessionMachine | undefined) ??
    sessionMachine.provide({
      actors: {
        fetchUser: fromPromise<User>(async () => {
          if (user) return user;
          throw new ApiError(401, 'Unauthorized');
        }),
      },
    });
  // The app's session actor runs it (tests/setup.ts ends it after the test).
  swapAppActor('session', session);
  actors.push(sessionActor());
  const location = memoryLocation({ path, record: true });
  const wrap = (element: ReactElement) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ProvideMachines value={{ logic, inspect }}>{element}</ProvideMachines>
    </Router>
  );
  const result = render(wrap(ui));
  /** New props for the view, inside the same providers (the page re-rendering it). */
  const rerender = (element: ReactElement) => result.rerender(wrap(element));
  /** The running actor of `machine` the view created (the latest one, if it made several). */
  const actorOf = (machine: AnyStateMachine): AnyActorRef => {
    const wanted = logic.get(machine);
    const found = actors.filter((ref) => (ref as { logic?: unknown }).logic === wanted).at(-1);
    if (!found) throw new Error(`the view created no ${machine.id} actor`);
    return found;
  };
  return { ...result, rerender, location, actorOf };
}

/**
 * A machine whose every invoked actor never answers: for the machines of a page that are not
 * under test, so rendering the page makes no call and changes nothing by itself.
 */
export function neverAnswering<TMachine extends AnyStateMachine>(machine: TMachine): TMachine {
  const names = Object.keys(
    (machine as { implementations?: { actors?: object } }).implementations?.actors ?? {},
  );
  const never = fromPromise(() => new Promise<never>(() => undefined));
  return machine.provide({
    actors: Object.fromEntries(names.map((name) => [name, never])),
  } as never) as TMachine;
}
