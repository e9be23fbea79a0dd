import { describe, expect, it } from 'vitest';
import { createActor, sendParent, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { ApiError } from '../api/client';
import type { Build, Line, Stage, Status, Step } from '../api/types';
import { consoleMachine, createFetchStepLogs, type ConsoleEvent } from './console.machine';

// Model-based test (DESIGN.md 8): the console machine's own graph drives the real machine with
// controlled actors; every reachable state (status, logs known or not) is reached by its shortest
// path and the real actor must agree with the model at every step.

type Snapshot = SnapshotFrom<typeof consoleMachine>;
type ModelEvent =
  | ConsoleEvent
  | { type: 'xstate.done.actor.fetchStepLogs'; output: Line[] }
  | { type: 'xstate.error.actor.fetchStepLogs'; error: unknown }
  | { type: 'xstate.done.actor.logStream' };

const build = { number: 3, status: 'running' } as Build;
const stage = { number: 1, name: 'default', status: 'running' } as Stage;
const step = (status: Status) => ({ id: 9, number: 1, name: 'test', status, exit_code: 0 }) as Step;
const line: Line = { pos: 0, out: 'hello\n', time: 0 };
const STATUSES: Status[] = [
  'pending',
  'running',
  'success',
  'failure',
  'killed',
  'skipped',
  'error',
];

function eventsIn(snapshot: Snapshot): ModelEvent[] {
  const updates = STATUSES.filter((status) => status !== snapshot.context.step.status).map(
    (status) => ({ type: 'console.update', build, stage, step: step(status) }) as ModelEvent,
  );
  if (snapshot.matches({ loading: 'fetching' })) {
    return [
      ...updates,
      { type: 'xstate.done.actor.fetchStepLogs', output: [] },
      { type: 'xstate.done.actor.fetchStepLogs', output: [line] },
      { type: 'xstate.error.actor.fetchStepLogs', error: new ApiError(500, 'boom') },
    ];
  }
  if (snapshot.matches({ stream_on: 'streaming' })) {
    return [
      ...updates,
      { type: 'log.lines', lines: [line] },
      { type: 'xstate.done.actor.logStream' },
    ];
  }
  return updates;
}

const model = new TestModel(
  consoleMachine as never,
  {
    events: eventsIn as never,
    input: { repo: { namespace: 'o', name: 'r' }, build, stage, step: step('blocked') },
    serializeState: (snapshot: Snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.step.status,
        snapshot.context.lines.length,
        snapshot.context.fetched,
        snapshot.context.fetchError,
      ]),
    serializeEvent: (event: ModelEvent) => JSON.stringify(event),
  } as never,
);

const fakeStream = setup({
  types: { events: {} as { type: 'test.lines'; lines: Line[] } | { type: 'test.eof' } },
}).createMachine({
  initial: 'open',
  states: {
    open: {
      on: {
        'test.lines': {
          actions: sendParent(({ event }) => ({ type: 'log.lines', lines: event.lines })),
        },
        'test.eof': 'done',
      },
    },
    done: { type: 'final' },
  },
});

function createSut() {
  let settle: { resolve: (lines: Line[]) => void; reject: (error: unknown) => void } | undefined;
  const machine = consoleMachine.provide({
    actors: {
      fetchStepLogs: createFetchStepLogs(
        () => new Promise<Line[]>((resolve, reject) => (settle = { resolve, reject })),
      ),
      streamLogs: fakeStream as never,
    },
  });
  const actor = createActor(machine, {
    input: { repo: { namespace: 'o', name: 'r' }, build, stage, step: step('blocked') },
  }).start();
  const stream = () => actor.getSnapshot().children.logStream as AnyActorRef;
  const exec = async (event: ModelEvent) => {
    if (event.type === 'xstate.done.actor.fetchStepLogs') settle!.resolve(event.output);
    else if (event.type === 'xstate.error.actor.fetchStepLogs') settle!.reject(event.error);
    else if (event.type === 'log.lines') stream().send({ type: 'test.lines', lines: event.lines });
    else if (event.type === 'xstate.done.actor.logStream') stream().send({ type: 'test.eof' });
    else actor.send(event);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, exec };
}

describe('console machine, model-based', () => {
  const paths = model.getShortestPaths();

  it('reaches every state through the real machine, in step with the model', async () => {
    const visited = new Set<string>();
    for (const path of paths) {
      const sut = createSut();
      for (const { event, state } of path.steps) {
        if (event.type !== 'xstate.init') await sut.exec(event as ModelEvent);
        const real = sut.actor.getSnapshot();
        const expected = state as unknown as Snapshot;
        expect(real.value).toEqual(expected.value);
        expect(real.context.lines.length).toBe(expected.context.lines.length);
        visited.add(JSON.stringify(real.value));
      }
      sut.actor.stop();
    }
    expect([...visited].sort()).toEqual(
      [
        '"idle"',
        '{"loading":"waiting"}',
        '{"loading":"fetching"}',
        '{"stream_on":"streaming"}',
        '{"stream_on":"ended"}',
        '"resolved"',
        '"no_logs_available"',
        '"error"',
      ].sort(),
    );
    expect(paths.length).toBeGreaterThan(20);
  });
});
