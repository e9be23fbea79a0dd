import {
  createMachine,
  fromPromise,
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate';
import { eventLabel } from './chart';
import { exportMachine } from './machineExport';

// The machines page's simulate mode: a designer sends a machine's events by
// hand and sees the state reached, as in Stately's own simulator. It runs the machine's exported
// definition (machineExport.ts: every action, guard and actor a name) with XState's pure
// `transition`: no action runs, no actor starts, no call is made. Where a transition has a guard,
// each branch is offered apart and choosing one makes its guard, and only its guard, pass.

export interface SimulationChoice {
  /** The event sent, e.g. 'log.follow', 'xstate.done.actor.fetchUser'. */
  event: string;
  /** What the page shows: the event as the chart reads it, with the guard chosen. */
  label: string;
  /** The guard this branch takes (its name and params, as JSON), if it has one. */
  guard: string | null;
  /** State ids the branch goes to; the source's own id when it stays. */
  targets: string[];
}

export interface Simulation {
  /** The machine as the console has it. */
  source: AnyStateMachine;
  /** Its exported definition, run here. */
  machine: AnyStateMachine;
  snapshot: AnyMachineSnapshot;
  /** The events sent so far, as their labels, oldest first. */
  sent: string[];
}

interface TransitionLike {
  eventType: string;
  guard?: unknown;
  target?: ReadonlyArray<{ id: string }>;
}

interface NodeLike {
  id: string;
  transitions: ReadonlyMap<string, readonly TransitionLike[]>;
}

/** A guard as the simulation keys it: its name with its params, when it has any. */
const keyOf = (name: string, params: unknown) =>
  params === undefined ? name : `${name}(${JSON.stringify(params)})`;

function guardKey(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  const { type, params } = guard as { type?: unknown; params?: unknown };
  return keyOf(String(type), params);
}

/** 'xstate.done.actor.fetchUser' -> 'done fetchUser'; others as the chart labels them. */
function choiceLabel(event: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event);
  return actor ? `${actor[1]} ${actor[2]}` : eventLabel(event);
}

/** The guard the next step takes; every other guard fails. */
let chosenGuard: string | null = null;

function simulated(machine: AnyStateMachine): AnyStateMachine {
  const { config, names } = exportMachine(machine);
  const never = fromPromise(() => new Promise<never>(() => undefined));
  return createMachine(config as never).provide({
    guards: Object.fromEntries(
      names.guards.map((name) => [
        name,
        (_: unknown, params: unknown) => chosenGuard === keyOf(name, params),
      ]),
    ),
    actors: Object.fromEntries(names.actors.map((name) => [name, never])),
    // A delayed transition waits to be sent by hand, never by the clock.
    delays: Object.fromEntries(names.delays.map((name) => [name, 60_000])),
  } as never);
}

export function startSimulation(machine: AnyStateMachine): Simulation {
  const exported = simulated(machine);
  chosenGuard = null;
  const [snapshot] = initialTransition(exported, {} as never);
  return { source: machine, machine: exported, snapshot, sent: [] };
}

/** The events the current state takes, each guarded branch apart, deepest states first. */
export function simulationChoices(simulation: Simulation): SimulationChoice[] {
  const nodes = [...(simulation.snapshot as unknown as { _nodes: NodeLike[] })._nodes].sort(
    (a, b) => b.id.split('.').length - a.id.split('.').length,
  );
  /** Events a deeper state takes without a guard: its ancestors' transitions never run. */
  const settled = new Set<string>();
  const choices: SimulationChoice[] = [];
  for (const node of nodes) {
    const found = new Set<string>();
    for (const [event, list] of node.transitions) {
      if (settled.has(event)) continue;
      for (const candidate of list) {
        const guard = guardKey(candidate.guard);
        const targets = candidate.target?.length
          ? candidate.target.map((target) => target.id)
          : [node.id];
        const label = choiceLabel(event);
        choices.push({ event, label: guard ? `${label} [${guard}]` : label, guard, targets });
        if (!guard) {
          found.add(event);
          break;
        }
      }
    }
    for (const event of found) settled.add(event);
  }
  return choices;
}

/** Sends the choice's event, its guard (only) passing: the state it reaches. */
export function stepSimulation(simulation: Simulation, choice: SimulationChoice): Simulation {
  chosenGuard = choice.guard;
  try {
    const [snapshot] = transition(simulation.machine, simulation.snapshot, {
      type: choice.event,
    } as never);
    return { ...simulation, snapshot, sent: [...simulation.sent, choice.label] };
  } finally {
    chosenGuard = null;
  }
}
