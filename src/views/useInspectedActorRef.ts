import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  createActor,
  toObserver,
  type Actor,
  type ActorOptions,
  type AnyActorLogic,
  type InspectionEvent,
  type Observer,
  type SnapshotFrom,
} from 'xstate';
import { inspect } from '../machines/app/inspection';

// The one way views create actors (issue 10): an actor with the `inspect` of live inspection, so
// the machines page in another tab can list every running actor and follow its state (a no-op
// unless inspection is switched on: machines page, "Report running actors"). Started once per
// mount, in development as in production: React's StrictMode mounts, unmounts
// and mounts again at once, and @xstate/react's useActorRef restarts the actor then, so every
// call its machine makes on starting went out twice. Here an unmount stops the actor only if no
// mount follows before the next microtask.

/**
 * Machines swapped in for the ones a view names, the way XState's `createActorContext`
 * Provider takes a `logic` prop: tests render a real page with the machine's actors provided
 * (`machine.provide({ actors })`) and watch its actors through `inspect`.
 */
export interface MachineOverrides {
  logic?: ReadonlyMap<AnyActorLogic, AnyActorLogic>;
  inspect?: (event: InspectionEvent) => void;
}

const OverridesContext = createContext<MachineOverrides>({});

/** Test seam: `<ProvideMachines value={{ logic: new Map([[machine, provided]]) }}>`. */
export const ProvideMachines = OverridesContext.Provider;

export function useInspectedActorRef<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options?: ActorOptions<TLogic>,
  observer?: Observer<SnapshotFrom<TLogic>> | ((snapshot: SnapshotFrom<TLogic>) => void),
): Actor<TLogic> {
  const overrides = useContext(OverridesContext);
  const chosen = (overrides.logic?.get(logic) as TLogic | undefined) ?? logic;
  const [actor] = useState(() => {
    const extra = overrides.inspect;
    const inspectBoth = extra
      ? (event: InspectionEvent) => {
          inspect(event);
          extra(event);
        }
      : inspect;
    return createActor(chosen, { ...options, inspect: inspectBoth } as ActorOptions<TLogic>);
  });
  // A view may hand new implementations each render (`machine.provide` with closures): the
  // running actor uses the latest, as with @xstate/react.
  useLayoutEffect(() => {
    (actor.logic as { implementations?: unknown }).implementations = (
      chosen as { implementations?: unknown }
    ).implementations;
  });
  useEffect(() => {
    if (!observer) return;
    const subscription = actor.subscribe(toObserver(observer));
    return () => subscription.unsubscribe();
  }, [actor, observer]);
  const mounts = useRef(0);
  useEffect(() => {
    mounts.current += 1;
    actor.start();
    return () => {
      mounts.current -= 1;
      queueMicrotask(() => {
        if (mounts.current === 0) actor.stop();
      });
    };
  }, [actor]);
  return actor;
}
