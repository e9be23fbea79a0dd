import { msg } from '../../i18n/message';
import { describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  itTakesEveryListedEvent,
  settledCalls,
  type ListedEvent,
} from '../../../tests/drivers/listedEvents';
import { ApiError } from '../../api/client';
import { ListChangedError, resourceListMachine } from './resourceList.machine';
import type { ResourceListInput } from './resourceList.types';

// Model-based test (docs/architecture.md 8): every state and transition of the generic list machine, with
// the actors' answers listed as events and played back by controllable promises.

const ITEM = { name: 'first' };
const CREATED = { name: 'second' };
const failure = new ApiError(400, 'Invalid Secret Name');
/** Accepted, but the answer was cut short: the list is reloaded instead (issue 17). */
const unreadable = new ApiError(0, 'Unexpected end of JSON input', { malformed: true });
/** An edit that changed the server before it failed (a cron job deleted, not re-created). */
const listChanged = new ListChangedError(
  msg('settings.messages.cronRecreateFailed', { name: 'first', message: 'Forbidden' }),
);

const eventsIn: Record<string, ListedEvent[]> = {
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
    { type: 'xstate.error.actor.updateItem', error: listChanged },
  ],
  'ready.confirmingRemoval': [{ type: 'remove.confirm' }, { type: 'remove.cancel' }],
  'ready.removing': [
    { type: 'remove.confirm' },
    { type: 'xstate.done.actor.deleteItem', output: undefined },
    { type: 'xstate.error.actor.deleteItem', error: failure },
    { type: 'xstate.error.actor.deleteItem', error: unreadable },
  ],
};

const input: ResourceListInput = {
  scope: { namespace: 'octocat' },
  initialDraft: { name: '' },
  pageSize: 1,
  texts: {
    created: 'settings.messages.secretAdded',
    createFailed: 'settings.messages.addSecretFailed',
    removed: 'settings.messages.secretRemoved',
    removeFailed: 'settings.messages.removeSecretFailed',
    confirmRemove: 'settings.messages.confirmDeleteSecret',
  },
};

/** A screen's name rule (resourceLists.ts provides it per screen): here, `.` is refused. */
const guards = {
  isDraftUnaddressable: ({ context }: { context: { draft: { name?: unknown } } }) =>
    context.draft.name === '.',
};

function start() {
  const calls = settledCalls(['fetchItems', 'createItem', 'updateItem', 'deleteItem']);
  const notify = { notifySuccess: vi.fn(), notifyWarning: vi.fn(), notifyError: vi.fn() };
  const machine = resourceListMachine.provide({ actors: calls.actors, actions: notify, guards });
  const actor = createActor(machine, { input }).start();
  return {
    actor,
    ...notify,
    started: calls.started,
    play: (event: ListedEvent) => calls.play(actor, event),
  };
}

describe('resourceList machine, model-based', () => {
  itTakesEveryListedEvent({
    logic: resourceListMachine.provide({
      actions: {
        notifySuccess: () => undefined,
        notifyWarning: () => undefined,
        notifyError: () => undefined,
      },
      guards,
    }),
    input,
    eventsIn,
    // A draft named `.` is refused in the form, before any call.
    moreRuns: [
      {
        input: { ...input, initialDraft: { name: '.' } },
        paths: [
          {
            steps: [
              { event: { type: 'xstate.done.actor.fetchItems', output: [ITEM] } },
              { event: { type: 'create.open' } },
              { event: { type: 'create.submit' } },
            ],
          },
        ],
      },
    ],
    start,
    // What the chart does not show: the toasts, and the calls a second submit must not make.
    check: (sut, { from, event, before }) => {
      const call = event.type.match(/^xstate\.(done|error)\.actor\.(\w+)$/);
      if (call && call[2] !== 'fetchItems') {
        // A change is toasted. An unreadable answer, or an edit that changed the server before
        // failing, reloads the list; a refusal is an error.
        if (call[1] === 'done') expect(sut.notifySuccess).toHaveBeenCalled();
        else if (event.error === unreadable) expect(sut.notifyWarning).toHaveBeenCalled();
        else expect(sut.notifyError).toHaveBeenCalled();
        if (event.error === unreadable || event.error === listChanged) {
          expect(sut.actor.getSnapshot().value).toBe('loading');
        }
      }
      // A second submit or confirm while a request is in flight starts nothing.
      if ((from.endsWith('submitting') || from === 'ready.removing') && !call) {
        expect(sut.started()).toBe(before.started);
        expect(sut.actor.getSnapshot().value).toEqual(before.value);
      }
    },
  });
});
