import { useActorRef } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { AnyActorLogic, InspectionEvent } from 'xstate';
import { inspect } from '../machines/app/inspection';

// The one way views create actors (issue 10): `useActorRef` plus the `inspect` of live
// inspection, so the machines page in another tab can list every running actor and follow its
// state. A no-op unless inspection is switched on (machines page, "Report running actors").

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

type ActorRefArgs<TLogic extends AnyActorLogic> =
  Parameters<typeof useActorRef<TLogic>> extends [unknown, ...infer Rest] ? Rest : never;

export function useInspectedActorRef<TLogic extends AnyActorLogic>(
  logic: TLogic,
  ...[options, observer]: ActorRefArgs<TLogic>
) {
  const overrides = useContext(OverridesContext);
  const chosen = (overrides.logic?.get(logic) as TLogic | undefined) ?? logic;
  const extra = overrides.inspect;
  const inspectBoth = extra
    ? (event: InspectionEvent) => {
        inspect(event);
        extra(event);
      }
    : inspect;
  // The wrapper keeps useActorRef's own argument types for callers; inside, they are opaque.
  const useUntypedActorRef = useActorRef as (
    logic: TLogic,
    ...args: unknown[]
  ) => ReturnType<typeof useActorRef<TLogic>>;
  return useUntypedActorRef(chosen, { ...(options as object), inspect: inspectBoth }, observer);
}
