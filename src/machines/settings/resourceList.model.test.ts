import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  getNextSnapshot,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';
import { modelOf, reportCoverage, wayToEachState } from '../../../tests/model';
import { ApiError } from '../../api/client';
import { resourceListMachine } from './resourceList.machine';
import type { ResourceListInput } from './resourceList.types';

// Model-based test (docs/architecture.md 8): every state and transition of the generic list machine, with
// the actors' answers listed as events and played back by controllable promises.

const ITEM = { name: 'first' };
const CREATED = { name: 'second' };
const failure = new ApiError(400, 'Invalid Secret Name');
/** Accepted, but the answer was cut short: the list is reloaded instead (issue 17). */
const unreadable = new ApiError(0, 'Unexpected end of JSON input', { malformed: true });

type ModelEvent = { type: string; output?: unknown; error?: unknown; [key: string]: unknown };

const eventsIn: Record<string, ModelEvent[]> = {
  loading: [
    { type: 'xstate.done.actor.fetchItems', output: [ITEM] },
    { type: 'xstate.error.actor.fetchItems', error: failure },
  ],
  failed: [{ type: 'list.reload' }],
  'ready.idle': [
    { type: 'create.open' },
    { type: 'edit.open', item: ITEM, patch: { admin: false } },
    { type: 'remove.request', item: ITEM },
    { type: 'list.showMore' },
    { type: 'created.dismiss' },
    { type: 'list.reload' },
  ],
  'ready.creating.form': [
    { type: 'draft.change', changes: { name: 'x' } },
    { type: 'create.submit' },
    { type: 'create.cancel' },
  ],
  'ready.creating.submitting': [
    { type: 'create.submit' },
    { type: 'xstate.done.actor.createItem', output: CREATED },
    { type: 'xstate.error.actor.createItem', error: failure },
    { type: 'xstate.error.actor.createItem', error: unreadable },
  ],
  'ready.editing.form': [
    { type: 'patch.change', changes: { admin: true } },
    { type: 'edit.submit' },
    { type: 'edit.cancel' },
    { type: 'remove.request', item: ITEM },
  ],
  'ready.editing.submitting': [
    { type: 'edit.submit' },
    { type: 'xstate.done.actor.updateItem', output: { ...ITEM, admin: true } },
    { type: 'xstate.error.actor.updateItem', error: failure },
    { type: 'xstate.error.actor.updateItem', error: unreadable },
  ],
  'ready.confirmingRemoval': [{ type: 'remove.confirm' }, { type: 'remove.cancel' }],
  'ready.removing': [
    { type: 'remove.confirm' },
    { type: 'xstate.done.actor.deleteItem', output: undefined },
    { type: 'xstate.error.actor.deleteItem', error: failure },
    { type: 'xstate.error.actor.deleteItem', error: unreadable },
  ],
};

/** 'ready.creating.form' for { ready: { creating: 'form' } }. */
const keyOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([parent, child]) => `${parent}.${keyOf(child)}`)
        .join();

type Machine = typeof resourceListMachine;

const input: ResourceListInput = {
  scope: { namespace: 'octocat' },
  initialDraft: { name: '' },
  pageSize: 1,
  texts: {
    created: 'added',
    createFailed: 'Unable to add: {message}',
    removed: 'removed',
    removeFailed: 'Unable to remove: {message}',
    confirmRemove: 'Sure?',
  },
};

function createSut() {
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null = null;
  const started = vi.fn();
  const pending = () =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one stand-in for four inputs
    fromPromise<any, any>(() => {
      started();
      return new Promise((resolve, reject) => {
        settle = { resolve, reject };
      });
    });
  const notifySuccess = vi.fn();
  const notifyWarning = vi.fn();
  const notifyError = vi.fn();
  const machine = resourceListMachine.provide({
    actors: {
      fetchItems: pending(),
      createItem: pending(),
      updateItem: pending(),
      deleteItem: pending(),
    },
    actions: { notifySuccess, notifyWarning, notifyError },
  });
  const actor = createActor(machine, { input }).start();
  const exec = async (event: ModelEvent) => {
    if (event.type.startsWith('xstate.done.actor.')) settle!.resolve(event.output);
    else if (event.type.startsWith('xstate.error.actor.')) settle!.reject(event.error);
    else actor.send(event as EventFromLogic<Machine>);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, exec, started, notifySuccess, notifyWarning, notifyError };
}

describe('resourceList machine, model-based', () => {
  const logic = resourceListMachine.provide({
    actions: {
      notifySuccess: () => undefined,
      notifyWarning: () => undefined,
      notifyError: () => undefined,
    },
  });
  // States are told apart by their value: the form's context is not part of the chart.
  const model = modelOf(
    logic,
    (snapshot) =>
      (eventsIn[keyOf(snapshot.value)] ?? []) as unknown as Array<EventFromLogic<Machine>>,
    { input, keyBy: 'value' },
  );

  // One way to reach each state, then every event listed for it from there.
  const reach = wayToEachState(model.getShortestPaths(), keyOf);

  it('covers every state and transition of the chart', () => {
    // What the tests below run: the way to each state, then each event listed for it.
    const run = [...reach.entries()].flatMap(([from, path]) =>
      (eventsIn[from] ?? []).map((event) => ({ steps: [...path.steps, { event }] })),
    );
    const coverage = reportCoverage(logic, { paths: run, input });
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('reaches every state', () => {
    expect([...reach.keys()].sort()).toEqual(Object.keys(eventsIn).sort());
  });

  for (const [from, path] of reach) {
    for (const event of eventsIn[from] ?? []) {
      it(`${from} --${event.type}--> where the chart says`, async () => {
        const sut = createSut();
        for (const step of path.steps) {
          const type: string = step.event.type;
          if (type !== 'xstate.init') await sut.exec(step.event as ModelEvent);
          expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
        }
        const callsBefore = sut.started.mock.calls.length;
        await sut.exec(event);
        const expected = getNextSnapshot(
          logic,
          path.state as SnapshotFrom<Machine>,
          event as EventFromLogic<Machine>,
        );
        expect(sut.actor.getSnapshot().value).toEqual(expected.value);
        if (
          event.type.startsWith('xstate.done.actor.') &&
          event.type !== 'xstate.done.actor.fetchItems'
        ) {
          expect(sut.notifySuccess).toHaveBeenCalled();
        }
        if (
          event.type.startsWith('xstate.error.actor.') &&
          event.type !== 'xstate.error.actor.fetchItems'
        ) {
          // An unreadable answer reloads the list with a warning; a refusal is an error.
          const notified = event.error === unreadable ? sut.notifyWarning : sut.notifyError;
          expect(notified).toHaveBeenCalled();
          if (event.error === unreadable) expect(sut.actor.getSnapshot().value).toBe('loading');
        }
        // A second submit or confirm while a request is in flight starts nothing.
        if (from.endsWith('submitting') || from === 'ready.removing') {
          if (!event.type.startsWith('xstate.')) {
            expect(sut.started.mock.calls.length).toBe(callsBefore);
            expect(sut.actor.getSnapshot().value).toEqual(path.state.value);
          }
        }
        sut.actor.stop();
      });
    }
  }
});
