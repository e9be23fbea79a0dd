import {
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyStateMachine,
  type SnapshotFrom,
} from 'xstate';
import { TestModel } from 'xstate/graph';

/**
 * A model-based test model (DESIGN.md 8) keyed by state value and the transition that reached
 * it, not by context. For machines whose context grows without bound (a page counter, a list that
 * keeps growing) a context-keyed model never runs out of states; keyed this way the shortest paths
 * still cover every state and every transition the given events can take. Invoked actors and
 * timers are modelled as the events the machine receives (`xstate.done.actor.<id>`,
 * `xstate.error.actor.<id>`), which each test path produces by settling the real actor's calls.
 * Several contexts share a key, so compare the real actor with `replayed(...)`, not `path.state`.
 */
export function valueModelOf<TMachine extends AnyStateMachine>(
  machine: TMachine,
  events: AnyEventObject[],
  input?: unknown,
) {
  return new TestModel<SnapshotFrom<TMachine>, AnyEventObject, unknown>(machine as never, {
    events,
    input,
    // Only events the current state handles; ignored ones would add steps that test nothing.
    filterEvents: (snapshot, event) =>
      (snapshot as { can(event: AnyEventObject): boolean }).can(event),
    serializeState: (snapshot, event, previous) => {
      const value = JSON.stringify((snapshot as { value: unknown }).value);
      if (!event || !previous) return value;
      const from = JSON.stringify((previous as { value: unknown }).value);
      return `${value} via ${JSON.stringify(event)} from ${from}`;
    },
    serializeEvent: (event) => JSON.stringify(event),
    stateMatcher: (snapshot, key) => (snapshot as { matches(key: string): boolean }).matches(key),
  });
}

/** A short test name: the state reached and the event types on the way. */
export function pathName(path: {
  state: { value: unknown };
  steps: Array<{ event: AnyEventObject }>;
}): string {
  const events = path.steps.map(({ event }) => {
    // Primitive payloads tell same-typed events apart; objects (outputs, errors) would be noise.
    const details = Object.entries(event)
      .filter(([key, value]) => key !== 'type' && ['string', 'number'].includes(typeof value))
      .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
    const type = event.type.replace(/^xstate\./, '');
    return details.length ? `${type}(${details.join(', ')})` : type;
  });
  return `reaches ${JSON.stringify(path.state.value)}: ${events.join(' > ')}`;
}

/** The snapshot the machine reaches through `steps`, computed without running anything. */
export function replayed<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input: unknown,
  steps: Array<{ event: AnyEventObject }>,
): SnapshotFrom<TMachine> {
  let [snapshot] = initialTransition(machine as AnyStateMachine, input as never);
  for (const { event } of steps) {
    if (event.type === 'xstate.init') continue;
    [snapshot] = transition(machine as AnyStateMachine, snapshot, event);
  }
  return snapshot as SnapshotFrom<TMachine>;
}
