import { transition, type AnyStateMachine, type SnapshotFrom, type StateValue } from 'xstate';
import { TestModel } from 'xstate/graph';

// Model-based testing for machines that invoke actors and use `after`, which createTestModel
// refuses: the actors' answers (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`) and timers
// (`xstate.after.<delay>.<state id>`) are listed as events, TestModel walks the machine with
// them, and each test replays the paths on a real actor whose actors and clock it controls.

export interface ModelEvent {
  type: string;
  output?: unknown;
  error?: unknown;
  [key: string]: unknown;
}

export interface ModelStep {
  event: ModelEvent;
  value: StateValue;
}

const valueOf = (snapshot: unknown) => (snapshot as { value: StateValue }).value;

/**
 * The shortest path to every state, and each of those extended by every event available in
 * its last state: together they visit every state and take every listed transition.
 * The first step of each path is `xstate.init` (what starting the actor does).
 */
export function transitionPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  events: (snapshot: SnapshotFrom<TMachine>) => ModelEvent[],
  input?: unknown,
): ModelStep[][] {
  const model = new TestModel(machine, { events: events as never, input });
  const paths: ModelStep[][] = [];
  for (const path of model.getShortestPaths()) {
    const steps = path.steps.map((step) => ({
      event: step.event as ModelEvent,
      value: valueOf(step.state),
    }));
    paths.push(steps);
    for (const event of events(path.state as SnapshotFrom<TMachine>)) {
      const [next] = transition(machine, path.state as never, event as never);
      paths.push([...steps, { event, value: valueOf(next) }]);
    }
  }
  return paths;
}

/** A promise-backed actor body whose pending call the test settles when the model says so. */
export function createSettler() {
  let pending: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null =
    null;
  return {
    /** Whether a call is waiting for its answer. */
    get waiting() {
      return pending !== null;
    },
    call: <T>() =>
      new Promise<T>((resolve, reject) => {
        pending = { resolve: resolve as (value: unknown) => void, reject };
      }),
    settle(event: ModelEvent) {
      if (!pending) throw new Error(`nothing is waiting for ${event.type}`);
      const { resolve, reject } = pending;
      pending = null;
      if (event.type.startsWith('xstate.error.actor.')) reject(event.error);
      else resolve(event.output);
    },
  };
}

/** Every state value a set of paths visits, as stable strings. */
export function visitedStates(paths: ModelStep[][]): string[] {
  return [...new Set(paths.flat().map((step) => JSON.stringify(step.value)))].sort();
}
