import type { TextKey } from '../../i18n';
import { msg, type Message } from '../../i18n/message';
import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/client';
import { isMalformedAnswer, UNREADABLE_ANSWER } from '../shell/callErrors';
import { notify } from '../shell/toasts.machine';
import type {
  Draft,
  ListItem as Item,
  ListScope as Scope,
  Patch,
  ResourceListContext,
  ResourceListEvent,
  ResourceListInput,
} from './resourceList.types';

// docs/spec.md 2.12 / 2.13: one list behaviour for secrets, organization secrets, cron jobs, templates
// and users: load, create in a modal, edit in place (issue 19), delete after a confirm, toasts.
// What differs per screen comes through the actors (`defineResourceList`) and the input (texts).

export const fillMessage = (key: TextKey, error: unknown) =>
  msg(key, { message: (error as ApiError).message });

export const notProvided = () => Promise.reject(new Error('resourceList: actor not provided'));

/**
 * An edit made of several calls failed after one of them changed the server (a cron job's new
 * schedule: deleted, then not created again). Its message says what happened; the list is
 * reloaded to show what the server holds.
 */
export class ListChangedError extends Error {
  constructor(readonly said: Message) {
    super(said.key);
  }
}

/**
 * A create, edit or delete the server accepted but whose answer could not be read: reload the
 * list to show what the server holds, and say why, instead of reporting a failure.
 */
const UNREADABLE = {
  guard: 'isMalformedAnswer',
  target: '#resourceList.loading',
  actions: ['clearTarget', { type: 'notifyWarning', params: UNREADABLE_ANSWER }],
} as const;

/** One chart for every list screen; each screen provides its actors (`defineResourceList`). */
export const resourceListMachine = setup({
  types: {
    context: {} as ResourceListContext,
    input: {} as ResourceListInput,
    events: {} as ResourceListEvent,
  },
  actors: {
    fetchItems: fromPromise<Item[], Scope>(notProvided),
    createItem: fromPromise<Item, { scope: Scope; draft: Draft }>(notProvided),
    updateItem: fromPromise<Item, { scope: Scope; item: Item; patch: Patch }>(notProvided),
    deleteItem: fromPromise<unknown, { scope: Scope; item: Item }>(notProvided),
  },
  guards: {
    isMalformedAnswer: ({ event }) => isMalformedAnswer(event),
    isListChanged: ({ event }) => (event as { error?: unknown }).error instanceof ListChangedError,
    // What a screen refuses to send (a cron expression its parser rejects); provided per screen.
    draftAcceptable: () => true,
    // A create whose item no URL could then reach (named `.`, `..` or holding `/`); per screen.
    isDraftUnaddressable: () => false,
    patchAcceptable: () => true,
  },
  actions: {
    assignCreated: assign(({ context }, item: Item) => ({
      items: [...context.items, item],
      created: item,
    })),
    assignUpdated: assign(({ context }, item: Item) => ({
      items: context.items.map((each) => (each === context.target ? item : each)),
      target: null,
      patch: null,
    })),
    assignRemoved: assign(({ context }) => ({
      items: context.items.filter((each) => each !== context.target),
      target: null,
    })),
    clearTarget: assign({ target: null, patch: null }),
    // Says why the draft is refused (docs/architecture.md 4); provided with its guard.
    assignDraftError: () => undefined,
    assignDraft: assign(({ context, event }) =>
      event.type === 'draft.change' ? { draft: { ...context.draft, ...event.changes } } : {},
    ),
    assignMoreVisible: assign(({ context }) => ({
      visible:
        context.visible === null || context.pageSize === undefined
          ? null
          : context.visible + context.pageSize,
    })),
    notifySuccess: (_, key: TextKey) => notify.success(msg(key)),
    notifyWarning: (_, message: Message) => notify.warning(message),
    notifyError: (_, message: Message) => notify.error(message),
  },
}).createMachine({
  id: 'resourceList',
  context: ({ input }) => ({
    ...input,
    items: [],
    loadError: null,
    draft: input.initialDraft,
    draftError: null,
    target: null,
    patch: null,
    created: null,
    visible: input.pageSize ?? null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchItems',
        src: 'fetchItems',
        input: ({ context }) => context.scope,
        onDone: {
          target: 'ready',
          actions: assign({ items: ({ event }) => event.output ?? [], loadError: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ loadError: ({ event }) => (event.error as ApiError).message }),
        },
      },
    },
    failed: {
      on: { 'list.reload': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'list.reload': '#resourceList.loading',
        'list.showMore': { actions: 'assignMoreVisible' },
      },
      states: {
        idle: {
          on: {
            'create.open': {
              target: 'creating',
              actions: assign({
                draft: ({ context }) => context.initialDraft,
                draftError: null,
                created: null,
              }),
            },
            'created.dismiss': { actions: assign({ created: null }) },
            'edit.open': {
              target: 'editing',
              actions: assign({
                target: ({ event }) => event.item,
                patch: ({ event }) => event.patch,
              }),
            },
            'remove.request': {
              target: 'confirmingRemoval',
              actions: assign({ target: ({ event }) => event.item }),
            },
          },
        },
        creating: {
          initial: 'form',
          states: {
            form: {
              on: {
                'create.cancel': '#resourceList.ready.idle',
                'draft.change': { actions: ['assignDraft', assign({ draftError: null })] },
                // Refused before any request: the item could never be edited or deleted.
                'create.submit': [
                  { guard: 'isDraftUnaddressable', actions: 'assignDraftError' },
                  { guard: 'draftAcceptable', target: 'submitting' },
                ],
              },
            },
            // A second submit is not handled here: double submits are ignored while in flight.
            submitting: {
              invoke: {
                id: 'createItem',
                src: 'createItem',
                input: ({ context }) => ({ scope: context.scope, draft: context.draft }),
                onDone: {
                  target: '#resourceList.ready.idle',
                  actions: [
                    { type: 'assignCreated', params: ({ event }) => event.output },
                    { type: 'notifySuccess', params: ({ context }) => context.texts.created },
                  ],
                },
                onError: [
                  UNREADABLE,
                  // The modal stays open so the user can correct what the server refused.
                  {
                    target: 'form',
                    actions: {
                      type: 'notifyError',
                      params: ({ context, event }) =>
                        fillMessage(context.texts.createFailed, event.error),
                    },
                  },
                ],
              },
            },
          },
        },
        editing: {
          initial: 'form',
          states: {
            form: {
              on: {
                'patch.change': {
                  actions: assign({
                    patch: ({ context, event }) =>
                      ({ ...context.patch, ...event.changes }) as Patch,
                  }),
                },
                'edit.submit': { guard: 'patchAcceptable', target: 'submitting' },
                'edit.cancel': {
                  target: '#resourceList.ready.idle',
                  actions: 'clearTarget',
                },
                // The users' edit modal holds the Delete button (docs/spec.md 2.13).
                'remove.request': {
                  target: '#resourceList.ready.confirmingRemoval',
                  actions: assign({ target: ({ event }) => event.item, patch: null }),
                },
              },
            },
            submitting: {
              invoke: {
                id: 'updateItem',
                src: 'updateItem',
                input: ({ context }) => ({
                  scope: context.scope,
                  item: context.target as Item,
                  patch: context.patch as Patch,
                }),
                onDone: {
                  target: '#resourceList.ready.idle',
                  actions: [
                    { type: 'assignUpdated', params: ({ event }) => event.output },
                    {
                      type: 'notifySuccess',
                      params: ({ context }) => context.texts.updated ?? context.texts.created,
                    },
                  ],
                },
                onError: [
                  UNREADABLE,
                  {
                    guard: 'isListChanged',
                    target: '#resourceList.loading',
                    actions: [
                      'clearTarget',
                      {
                        type: 'notifyError',
                        params: ({ event }) => (event.error as ListChangedError).said,
                      },
                    ],
                  },
                  {
                    target: 'form',
                    actions: {
                      type: 'notifyError',
                      params: ({ context, event }) =>
                        fillMessage(
                          context.texts.updateFailed ?? context.texts.createFailed,
                          event.error,
                        ),
                    },
                  },
                ],
              },
            },
          },
        },
        confirmingRemoval: {
          on: {
            'remove.confirm': 'removing',
            'remove.cancel': { target: 'idle', actions: 'clearTarget' },
          },
        },
        removing: {
          invoke: {
            id: 'deleteItem',
            src: 'deleteItem',
            input: ({ context }) => ({ scope: context.scope, item: context.target as Item }),
            onDone: {
              target: 'idle',
              actions: [
                'assignRemoved',
                { type: 'notifySuccess', params: ({ context }) => context.texts.removed },
              ],
            },
            onError: [
              UNREADABLE,
              {
                target: 'idle',
                actions: [
                  'clearTarget',
                  {
                    type: 'notifyError',
                    params: ({ context, event }) =>
                      fillMessage(context.texts.removeFailed, event.error),
                  },
                ],
              },
            ],
          },
        },
      },
    },
  },
});

// The registry reaches the cron-run and queue machines through this module (which the admin page
// loads too), so they share its chunk instead of adding chunk names to the first screen's
// preload lists (the first screen has no byte to spare: docs/architecture.md 7).
export { cronRunMachine } from './cronRun.machine';
export { queuePageMachine } from '../queue/queuePage.machine';
