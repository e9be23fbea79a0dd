import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { TestModel, serializeSnapshot } from 'xstate/graph';

/**
 * A model-based test model (DESIGN.md 8) for machines that invoke actors or wait with `after`,
 * which `createTestModel` refuses. Their answers and timers are modelled as the events the
 * machine receives (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`,
 * `xstate.after.<delay>.<machine>.<state>`); each test path drives the real actor (controlled
 * promises, fake timers) to produce them. A state is keyed by its snapshot and the transition
 * that reached it, so the shortest paths cover every transition, not only every state.
 */
export function modelOf<TMachine extends AnyStateMachine>(
  machine: TMachine,
  events: AnyEventObject[],
) {
  return new TestModel<SnapshotFrom<TMachine>, AnyEventObject, unknown>(machine as never, {
    events,
    // Only events the current state handles; ignored ones would add steps that test nothing.
    filterEvents: (snapshot, event) =>
      (snapshot as { can(event: AnyEventObject): boolean }).can(event),
    serializeState: (snapshot, event, previous) => {
      const value = (s: unknown) => JSON.stringify((s as { value: unknown }).value);
      const moved = event && previous && value(previous) !== value(snapshot);
      const via = moved ? ` via ${JSON.stringify(event)} from ${value(previous)}` : '';
      return `${serializeSnapshot(snapshot as never)}${via}`;
    },
    serializeEvent: (event) => JSON.stringify(event),
    stateMatcher: (snapshot, key) => (snapshot as { matches(key: string): boolean }).matches(key),
  });
}
