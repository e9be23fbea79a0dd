import { expect, it } from 'vitest';
import {
  fromPromise,
  getNextSnapshot,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';
import { createSettler, leftOutOfChart, modelOf, wayToEachState, type ModelRun } from '../model';

/**
 * The shared driver of the model-based tests whose events are listed per state (docs/architecture.md
 * 8; the settings machines): the machine's calls wait on one settler, the model's
 * `xstate.done/error.actor.*` events settle them, and one test runs per state and listed event.
 */

/** An event as the model lists it: sent to the actor, or (done/error of an actor) settling its call. */
export type ListedEvent = {
  type: string;
  output?: unknown;
  error?: unknown;
  [key: string]: unknown;
};

/** 'ready.creating.form' for { ready: { creating: 'form' } }. */
export const stateKey = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([parent, child]) => `${parent}.${stateKey(child)}`)
        .join();

/**
 * Stand-ins for the named actors: each call waits until the test settles it. `started()` counts
 * the calls made (a second submit in flight must start none).
 */
export function settledCalls(names: string[]) {
  const settler = createSettler();
  let started = 0;
  const call = fromPromise(() => {
    started += 1;
    return settler.call<unknown>();
  });
  return {
    actors: Object.fromEntries(names.map((name) => [name, call])),
    started: () => started,
    /** Sends the event to the actor, or settles the waiting call with it; then lets it settle. */
    async play(actor: AnyActorRef, event: ListedEvent) {
      if (/^xstate\.(done|error)\.actor\./.test(event.type)) settler.settle(event);
      else actor.send(event);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

export interface ListedEventsSut {
  actor: AnyActorRef;
  play(event: ListedEvent): Promise<void>;
  /** How many calls the actor has made (settledCalls' count). */
  started?: () => number;
}

/** The actor just before the listed event: its state value and the calls it had made. */
export interface Before {
  value: unknown;
  started: number | undefined;
}

/**
 * Defines the model's tests: the chart is covered (every state and transition), every listed state
 * is reached, and from each one every listed event takes the real actor (`start()`) where the chart
 * says; `check` then asserts what the event should have done besides.
 */
export function itTakesEveryListedEvent<
  TMachine extends AnyStateMachine,
  TSut extends ListedEventsSut,
>({
  logic,
  input,
  eventsIn,
  start,
  check,
  moreRuns = [],
}: {
  /** The machine the model reads (its side effects silenced). */
  logic: TMachine;
  input: unknown;
  eventsIn: Record<string, ListedEvent[]>;
  start: () => TSut;
  check?: (
    sut: TSut,
    step: { from: string; event: ListedEvent; before: Before; way: ListedEvent[] },
  ) => void;
  /** Runs of other inputs that cover what `input` cannot reach. */
  moreRuns?: ModelRun[];
}) {
  const events = (snapshot: { value: unknown }) =>
    (eventsIn[stateKey(snapshot.value)] ?? []) as AnyEventObject[];
  // States are told apart by their value: the form's context is not part of the chart.
  const model = modelOf(logic, events, { input, keyBy: 'value' });
  // One way to reach each state, then every event listed for it from there.
  const reach = wayToEachState(model.getShortestPaths(), stateKey);

  it('covers every state and transition of the chart', () => {
    const run = [...reach.entries()].flatMap(([from, path]) =>
      (eventsIn[from] ?? []).map((event) => ({ steps: [...path.steps, { event }] })),
    );
    expect(leftOutOfChart(logic, [{ paths: run, input }, ...moreRuns])).toEqual([]);
  });

  it('reaches every listed state', () => {
    expect([...reach.keys()].sort()).toEqual(Object.keys(eventsIn).sort());
  });

  for (const [from, path] of reach) {
    for (const event of eventsIn[from] ?? []) {
      it(`${from} --${event.type}--> where the chart says`, async () => {
        const sut = start();
        for (const step of path.steps) {
          if (step.event.type !== 'xstate.init') await sut.play(step.event as ListedEvent);
          expect(sut.actor.getSnapshot().value).toEqual((step.state as { value: unknown }).value);
        }
        const before = { value: sut.actor.getSnapshot().value, started: sut.started?.() };
        await sut.play(event);
        const expected = getNextSnapshot(
          logic,
          path.state as SnapshotFrom<TMachine>,
          event as EventFromLogic<TMachine>,
        ) as { value: unknown };
        expect(sut.actor.getSnapshot().value).toEqual(expected.value);
        const way = path.steps.map((step) => step.event as ListedEvent);
        check?.(sut, { from, event, before, way });
        sut.actor.stop();
      });
    }
  }
}
