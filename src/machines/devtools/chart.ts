import type { AnyStateMachine } from 'xstate';

// A machine's definition as a graph for the machines page (issue 10): computed from the machine
// itself, so the chart cannot drift from the code.

export interface ChartNode {
  /** State node id, e.g. 'console.loading'. */
  id: string;
  label: string;
  /** Id of the enclosing compound or parallel state; undefined for the root's children. */
  parent?: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  isInitial: boolean;
  entry: string[];
  exit: string[];
  invoke: string[];
}

export interface ChartEdge {
  id: string;
  source: string;
  target: string;
  /** Event, then [guard] and the delay of `after` transitions. */
  label: string;
  /** The raw event type ('' for `always`), e.g. 'xstate.after.RECONNECT_DELAY.repoEvents.waiting'. */
  event: string;
  /** The guard's name, if the transition has one. */
  guard?: string;
}

export interface MachineChart {
  id: string;
  nodes: ChartNode[];
  edges: ChartEdge[];
}

interface TransitionLike {
  eventType: string;
  target?: ReadonlyArray<{ id: string }>;
  guard?: unknown;
}

/** The parts of XState's StateNode the chart reads. */
interface StateLike {
  id: string;
  key: string;
  type: ChartNode['type'];
  initial?: { target: ReadonlyArray<{ id: string }> };
  states: Record<string, StateLike>;
  transitions: ReadonlyMap<string, readonly TransitionLike[]>;
  /** Eventless transitions live apart from the others (and out of `machine.definition`). */
  always?: readonly TransitionLike[];
  entry: readonly unknown[];
  exit: readonly unknown[];
  invoke: ReadonlyArray<{ src: unknown; id?: string }>;
}

/** A readable name for an action, guard or actor reference of any shape XState stores. */
export function nameOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'function') return value.name || 'inline';
  if (value && typeof value === 'object' && 'type' in value) {
    return String((value as { type: unknown }).type);
  }
  return 'inline';
}

const COMBINATORS: Record<string, string> = { and: ' && ', or: ' || ' };

/**
 * A guard's name, with its params when it has some (`isNextState(idle, loading)`), and
 * XState's `not`, `and`, `or` spelled out (`!isUnfinished`, `a && b`).
 */
export function guardName(guard: unknown): string {
  const inner = (guard as { guards?: unknown[] } | null)?.guards;
  if (typeof guard === 'function' && Array.isArray(inner)) {
    if (guard.name === 'not') return `!${guardName(inner[0])}`;
    const joiner = COMBINATORS[guard.name];
    if (joiner) return `(${inner.map(guardName).join(joiner)})`;
  }
  const params = (guard as { params?: unknown } | null)?.params;
  if (!params || typeof params !== 'object') return nameOf(guard);
  const values = Object.values(params as Record<string, unknown>).map((value) =>
    typeof value === 'string' ? value : JSON.stringify(value),
  );
  return `${nameOf(guard)}(${values.join(', ')})`;
}

/** Named actions; XState's own raise/cancel pairs that implement `after` are left out. */
function actionNames(actions: readonly unknown[]): string[] {
  return actions.map(nameOf).filter((name) => !name.startsWith('xstate.'));
}

const AFTER_PREFIX = 'xstate.after.';

/** 'xstate.after.RECONNECT_DELAY.repoEvents.waiting' -> 'after RECONNECT_DELAY'. */
export function eventLabel(eventType: string | null): string {
  if (eventType === null || eventType === '') return 'always';
  if (eventType.startsWith(AFTER_PREFIX)) {
    const delay = eventType.slice(AFTER_PREFIX.length).split('.')[0];
    return `after ${delay}`;
  }
  if (eventType.startsWith('xstate.done.actor.')) return 'done';
  if (eventType.startsWith('xstate.error.actor.')) return 'error';
  if (eventType.startsWith('xstate.done.state.')) return 'done (state)';
  return eventType;
}

export function machineToChart(machine: AnyStateMachine): MachineChart {
  const nodes: ChartNode[] = [];
  const edges: ChartEdge[] = [];
  // The state nodes themselves: `machine.definition` leaves out eventless (`always`) transitions.
  const root = machine.root as unknown as StateLike;

  function visit(state: StateLike, parent: StateLike | undefined): void {
    const initialTargets = parent?.initial?.target.map((target) => target.id) ?? [];
    // The root is drawn too: it is the machine's frame and the source of its global transitions.
    nodes.push({
      id: state.id,
      label: state.key,
      parent: parent?.id,
      type: state.type,
      isInitial: !parent || initialTargets.includes(state.id) || parent.type === 'parallel',
      entry: actionNames(state.entry),
      exit: actionNames(state.exit),
      invoke: state.invoke.map((invoke) => nameOf(invoke.src)),
    });
    const transitions = [...[...state.transitions.values()].flat(), ...(state.always ?? [])];
    transitions.forEach((transition, index) => {
      const guard = transition.guard ? guardName(transition.guard) : undefined;
      const label = `${eventLabel(transition.eventType)}${guard ? ` [${guard}]` : ''}`;
      const event = transition.eventType;
      const targets = transition.target?.length
        ? transition.target.map((target) => target.id)
        : [state.id];
      for (const target of targets) {
        const id = `${state.id}:${index}:${target}`;
        edges.push({ id, source: state.id, target, label, event, ...(guard ? { guard } : {}) });
      }
    });
    for (const child of Object.values(state.states)) visit(child, state);
  }

  visit(root, undefined);
  return { id: root.id, nodes, edges };
}

/**
 * One key per (source, event, guard, target): a chart edge and a transition an actor took have
 * the same key, which is how the model-based tests measure what they covered of the chart.
 */
export function transitionKey(edge: Pick<ChartEdge, 'source' | 'event' | 'guard' | 'target'>) {
  return `${edge.source} --${edge.event}${edge.guard ? ` [${edge.guard}]` : ''}--> ${edge.target}`;
}

/** Counts used by the model-based tests' summary lines. */
export function chartCounts(chart: MachineChart) {
  return { states: chart.nodes.length, transitions: chart.edges.length };
}
