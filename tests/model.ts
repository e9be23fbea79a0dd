import {
  createActor,
  initialTransition,
  transition,
  type AnyActorScope,
  type AnyEventObject,
  type AnyStateMachine,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { TestModel, serializeSnapshot } from 'xstate/graph';
import { guardName, machineToChart, transitionKey } from '../src/machines/devtools/chart';

/**
 * The one model-based test helper (docs/architecture.md 8).
 *
 * `createTestModel` refuses machines that invoke actors or wait with `after`. Here their answers
 * and timers are modelled as the events the machine receives (`xstate.done.actor.<id>`,
 * `xstate.error.actor.<id>`, `xstate.after.<delay>.<state id>`); each test path drives the real
 * actor to produce them (`createSettler()` for calls, fake timers for delays).
 *
 * A state of the model is keyed by the snapshot (or only its value, see `keyBy`) and by the
 * transition that reached it, so the shortest paths take every transition the events can take,
 * not only reach every state. `reportCoverage` measures that against the machine's chart and
 * prints the summary line of the test output.
 */

type ModelEvents<TMachine extends AnyStateMachine> =
  AnyEventObject[] | ((snapshot: SnapshotFrom<TMachine>) => AnyEventObject[]);

export interface ModelOptions {
  input?: unknown;
  /**
   * 'snapshot' (default) tells contexts apart; 'value' keys by state value only, for machines
   * whose context grows without bound (a page counter, a list that keeps growing), which would
   * otherwise never run out of states. Several contexts then share a key: compare the real
   * actor with `replayed(...)`, not with `path.state`. A function keys by what it returns
   * (the value and the few context fields that change what the machine can do).
   */
  keyBy?: 'snapshot' | 'value' | ((snapshot: never) => unknown);
}

type Snapshotish = {
  value: unknown;
  can(event: AnyEventObject): boolean;
  matches(key: string): boolean;
};

export function modelOf<TMachine extends AnyStateMachine>(
  machine: TMachine,
  events: ModelEvents<TMachine>,
  { input, keyBy = 'snapshot' }: ModelOptions = {},
) {
  const keyOf = modelKey(keyBy);
  return new TestModel<SnapshotFrom<TMachine>, AnyEventObject, unknown>(machine as never, {
    events: events as never,
    input,
    // Only events the current state handles; ignored ones would add steps that test nothing.
    filterEvents: (snapshot, event) => (snapshot as unknown as Snapshotish).can(event),
    serializeState: (snapshot, event, previous) => {
      const key = keyOf(snapshot);
      if (!event || !previous) return key;
      return `${key} via ${takenBy(machine, previous, event)} from ${valueKey(previous)}`;
    },
    serializeEvent: (event) => JSON.stringify(event),
    stateMatcher: (snapshot, key) => (snapshot as unknown as Snapshotish).matches(key),
  });
}

const valueKey = (snapshot: unknown) => JSON.stringify((snapshot as Snapshotish).value);

/** A model state's key as `keyBy` tells states apart (without the transition that reached it). */
function modelKey(keyBy: NonNullable<ModelOptions['keyBy']>): (snapshot: unknown) => string {
  if (typeof keyBy === 'function') return (snapshot) => JSON.stringify(keyBy(snapshot as never));
  if (keyBy === 'value') return valueKey;
  return (snapshot) => serializeSnapshot(snapshot as never);
}

/**
 * The transitions an event takes from a snapshot, as chart keys: part of a model state's key,
 * so reaching a state by another transition is another model state (and a path of its own),
 * while events that differ only in payload (a growing log position) are not.
 */
function takenBy(machine: AnyStateMachine, previous: unknown, event: AnyEventObject): string {
  const taken = machine.getTransitionData(previous as never, event) as unknown as TransitionLike[];
  return taken.flatMap((transition) => keysOf(transition)).join(' + ');
}

function keysOf(taken: TransitionLike): string[] {
  const targets = taken.target?.length ? taken.target.map((t) => t.id) : [taken.source.id];
  const guard = taken.guard ? guardName(taken.guard) : undefined;
  return targets.map((target) =>
    transitionKey({ source: taken.source.id, event: taken.eventType, guard, target }),
  );
}

type PathLike = { state: { value: unknown }; steps: Array<{ event: AnyEventObject }> };

/** A short test name: the state reached and the event types on the way. */
export function pathName(path: PathLike): string {
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

/** Every state value a set of paths visits, as stable strings. */
export function visitedStates(paths: Array<{ steps: Array<{ state: { value: unknown } }> }>) {
  return [
    ...new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value)))),
  ].sort();
}

/**
 * The model's shortest paths (it drops those that are prefixes of others) cut at every state
 * they pass: one shortest way to reach each state, by `keyOf(state.value)`.
 */
export function wayToEachState<TStep extends { state: { value: unknown } }>(
  paths: ReadonlyArray<{ steps: TStep[] }>,
  keyOf: (value: unknown) => string,
): Map<string, { steps: TStep[]; state: TStep['state'] }> {
  const reach = new Map<string, { steps: TStep[]; state: TStep['state'] }>();
  for (const path of paths) {
    path.steps.forEach((step, index) => {
      const key = keyOf(step.state.value);
      const known = reach.get(key);
      if (!known || known.steps.length > index + 1) {
        reach.set(key, { steps: path.steps.slice(0, index + 1), state: step.state });
      }
    });
  }
  return reach;
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
    settle(event: AnyEventObject) {
      if (!pending) throw new Error(`nothing is waiting for ${event.type}`);
      const { resolve, reject } = pending;
      pending = null;
      if (event.type.startsWith('xstate.error.actor.')) reject(event.error);
      else resolve(event.output);
    },
  };
}

/** The paths a test runs, with the input its actors start from. */
export interface ModelRun {
  paths: Array<{ steps: Array<{ event: AnyEventObject }> }>;
  input?: unknown;
}

export interface Coverage {
  machineId: string;
  states: number;
  transitions: number;
  chartStates: number;
  chartTransitions: number;
  /** Chart state ids no path visits. */
  missingStates: string[];
  /** Chart transitions (as `transitionKey`) no path takes. */
  missingTransitions: string[];
}

type TransitionLike = {
  source: { id: string };
  target?: ReadonlyArray<{ id: string }>;
  eventType: string;
  guard?: unknown;
};

/**
 * The chart states one path passes through (transient ones included) and the chart transitions
 * it takes, as XState itself reports them (its microstep inspection events). The path is
 * replayed on an actor that is never started, so no invoked actor, timer or side effect runs.
 */
function chartWalk(
  machine: AnyStateMachine,
  path: ModelRun['paths'][number],
  input: unknown,
): { states: Set<string>; transitions: Set<string> } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  const visit = (snapshot: unknown) => {
    for (const node of (snapshot as { _nodes: Array<{ id: string }> })._nodes) states.add(node.id);
  };
  const record = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    visit(event.snapshot);
    for (const taken of (event as { _transitions: TransitionLike[] })._transitions) {
      states.add(taken.source.id);
      for (const key of keysOf(taken)) transitions.add(key);
    }
  };
  const self = createActor(machine, { input, inspect: record } as never);
  const scope = {
    self,
    id: '',
    sessionId: '',
    system: self.system,
    logger: () => undefined,
    defer: () => undefined,
    emit: () => undefined,
    stopChild: () => undefined,
    actionExecutor: () => undefined,
  } as unknown as AnyActorScope;
  let snapshot = machine.getInitialSnapshot(scope, input);
  visit(snapshot);
  for (const { event } of path.steps) {
    if (event.type === 'xstate.init') continue;
    snapshot = machine.transition(snapshot, event, scope);
    visit(snapshot);
  }
  return { states, transitions };
}

/** What the paths cover of the machine's chart, each path walked as `chartWalk` does. */
export function coverageOf(machine: AnyStateMachine, runs: ModelRun | ModelRun[]): Coverage {
  const chart = machineToChart(machine);
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const { path, input } of [runs]
    .flat()
    .flatMap(({ paths, input }) => paths.map((path) => ({ path, input })))) {
    const walked = chartWalk(machine, path, input);
    walked.states.forEach((id) => states.add(id));
    walked.transitions.forEach((key) => transitions.add(key));
  }
  const edges = chart.edges.map(transitionKey);
  const nodes = chart.nodes.map((node) => node.id);
  return {
    machineId: chart.id,
    states: nodes.filter((id) => states.has(id)).length,
    transitions: edges.filter((key) => transitions.has(key)).length,
    chartStates: nodes.length,
    chartTransitions: edges.length,
    missingStates: nodes.filter((id) => !states.has(id)),
    missingTransitions: edges.filter((key) => !transitions.has(key)),
  };
}

/**
 * Prints `model <machineId>: <n> states, <m> transitions covered` (console.info, so it shows in
 * `npm test`) and returns the coverage for the test to assert on.
 */
export function reportCoverage(machine: AnyStateMachine, runs: ModelRun | ModelRun[]): Coverage {
  const coverage = coverageOf(machine, runs);
  const { machineId, states, transitions, chartStates, chartTransitions } = coverage;
  console.info(
    `model ${machineId}: ${states} states, ${transitions} transitions covered ` +
      `(chart: ${chartStates} states, ${chartTransitions} transitions)`,
  );
  return coverage;
}

/**
 * What the paths leave out of the machine's chart, as one list to assert on (after printing
 * reportCoverage's summary line): the states no path visits, as `state <id>`, then the
 * transitions no path takes (as `transitionKey`); `[]` when the paths cover all of it.
 */
export function leftOutOfChart(machine: AnyStateMachine, runs: ModelRun | ModelRun[]): string[] {
  const { missingStates, missingTransitions } = reportCoverage(machine, runs);
  return [...missingStates.map((id) => `state ${id}`), ...missingTransitions];
}

/**
 * The fewest of a model's paths (picked greedily, the one adding most first) that still take
 * every chart transition and pass every chart state the whole set does, and still visit every
 * model state as `keyBy` tells them apart (modelOf's option, without the transition that
 * reached it). A test checks the screen at every step of a path, so each distinct state is
 * still checked, and `leftOutOfChart` over the result still proves the transitions; only the
 * other ways into a state already visited are left out (issue 20 item 8: the shortest paths
 * reach each state once per transition into it, a test each, which made these files the
 * slowest of the unit tests).
 */
export function coveringPaths<TPath extends ModelRun['paths'][number]>(
  machine: AnyStateMachine,
  paths: TPath[],
  { input, keyBy = 'snapshot' }: ModelOptions = {},
): TPath[] {
  const keyOf = modelKey(keyBy);
  const itemsOf = (path: TPath) => {
    const { states, transitions } = chartWalk(machine, path, input);
    const visited = (path.steps as Array<{ state?: unknown }>).map((step) => step.state);
    return new Set([
      ...[...states].map((id) => `state ${id}`),
      ...transitions,
      ...visited.filter((state) => state !== undefined).map((state) => `key ${keyOf(state)}`),
    ]);
  };
  const candidates = paths.map((path) => ({ path, items: itemsOf(path) }));
  const uncovered = new Set(candidates.flatMap(({ items }) => [...items]));
  const chosen: TPath[] = [];
  while (uncovered.size > 0) {
    let best = candidates[0]!;
    let bestGain = -1;
    for (const candidate of candidates) {
      let gain = 0;
      for (const item of candidate.items) if (uncovered.has(item)) gain += 1;
      const shorter = candidate.path.steps.length < best.path.steps.length;
      if (gain > bestGain || (gain === bestGain && shorter)) [best, bestGain] = [candidate, gain];
    }
    chosen.push(best.path);
    for (const item of best.items) uncovered.delete(item);
  }
  // In the model's order, so test names keep their order in the report.
  return paths.filter((path) => chosen.includes(path));
}
