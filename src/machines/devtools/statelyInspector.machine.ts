import { assign, fromCallback, sendTo, setup, type SnapshotFrom } from 'xstate';
import { config } from '../../config';
import { appActor } from '../app/appActors';
import { forwardToStately } from '../app/inspection';

// This tab's actors in Stately's inspector, asked for by `?inspect=stately` in
// any console URL or by the machines page's button. The inspector is a page of another site
// opened in a window; @statelyai/inspect posts every event and state to it, each a redacted copy
// (redact.ts: no token, password or secret value leaves the tab, issue 28 item 2). "Attached" is
// said only once that page has answered (`@statelyai.connected`); a blocked window, no answer
// (the site unreachable) or a closed window each say so. The library and the redaction load with
// the first attempt: none of it is on the first screen.

export const STATELY_INSPECTOR_URL = 'https://stately.ai/inspect';
/** The message Stately's inspector page posts to the window that opened it once it runs. */
const CONNECTED = '@statelyai.connected';

/** Why the inspector is not attached. */
export type InspectorFailure = 'blocked' | 'noAnswer' | 'closed' | 'loadFailed';

export type StatelyInspectorEvent =
  | { type: 'inspector.open' }
  | { type: 'inspector.connected' }
  | { type: 'inspector.failed'; failure: InspectorFailure; message?: string }
  | { type: 'inspector.detach' };

interface StatelyInspectorContext {
  failure: InspectorFailure | null;
  /** The error of a failed load of the inspector's code. */
  message: string | null;
}

/**
 * Opens the inspector's window and forwards this tab's actors to it until stopped: the ones
 * running now are announced, later events follow. Tells `inspector.connected` when its page
 * answers, `inspector.failed` when the window was blocked or closed or the code did not load.
 */
export const connectInspector = fromCallback<{ type: 'inspector.check' }>(
  ({ sendBack, receive }) => {
    let target: Window | null = null;
    let stopInspector: (() => void) | undefined;
    let ended = false;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      if (target && event.source === target && data?.type === CONNECTED) {
        sendBack({ type: 'inspector.connected' });
      }
    };
    window.addEventListener('message', onMessage);
    Promise.all([import('@statelyai/inspect'), import('./redact')]).then(
      ([{ createBrowserInspector }, { redactInspection }]) => {
        if (ended) return;
        const inspector = createBrowserInspector({
          url: STATELY_INSPECTOR_URL,
          // The last step before a message is posted to the other site's window.
          serialize: (event) => redactInspection(event, [config.token]),
        });
        stopInspector = () => inspector.stop();
        target = (inspector.adapter as { targetWindow?: Window | null }).targetWindow ?? null;
        if (!target) {
          sendBack({ type: 'inspector.failed', failure: 'blocked' });
          return;
        }
        // Held back by the library until the page answers, then posted in order.
        for (const actor of forwardToStately(inspector.inspect)) {
          const { value, context, status } = actor.getSnapshot() as Record<string, unknown>;
          inspector.actor(actor, { value, context, status } as never);
        }
      },
      (error: unknown) =>
        sendBack({
          type: 'inspector.failed',
          failure: 'loadFailed',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
    receive(() => {
      if (target?.closed) sendBack({ type: 'inspector.failed', failure: 'closed' });
    });
    return () => {
      ended = true;
      window.removeEventListener('message', onMessage);
      forwardToStately(undefined);
      stopInspector?.();
    };
  },
);

export const statelyInspectorMachine = setup({
  types: {
    context: {} as StatelyInspectorContext,
    events: {} as StatelyInspectorEvent,
  },
  actors: { connectInspector },
  delays: {
    /** The inspector's page loads from another site: past this, it is not coming. */
    ANSWER_TIMEOUT: 15_000,
    /** How often an attached inspector's window is checked for having been closed. */
    WINDOW_CHECK: 2_000,
  },
  actions: {
    clearFailure: assign({ failure: null, message: null }),
    assignFailure: assign({
      failure: ({ event }) => (event.type === 'inspector.failed' ? event.failure : null),
      message: ({ event }) => (event.type === 'inspector.failed' ? (event.message ?? null) : null),
    }),
    checkWindow: sendTo('connection', { type: 'inspector.check' }),
  },
}).createMachine({
  id: 'statelyInspector',
  context: { failure: null, message: null },
  initial: 'detached',
  states: {
    detached: {
      on: { 'inspector.open': 'open' },
    },
    open: {
      entry: 'clearFailure',
      invoke: { id: 'connection', src: 'connectInspector' },
      on: {
        'inspector.failed': { target: 'failed', actions: 'assignFailure' },
        'inspector.detach': 'detached',
      },
      initial: 'connecting',
      states: {
        /** The window is opening, its page loading; nothing is posted until it answers. */
        connecting: {
          on: { 'inspector.connected': 'attached' },
          after: {
            ANSWER_TIMEOUT: {
              target: '#statelyInspector.failed',
              actions: assign({ failure: 'noAnswer' }),
            },
          },
        },
        attached: {
          after: { WINDOW_CHECK: { target: 'attached', reenter: true, actions: 'checkWindow' } },
        },
      },
    },
    failed: {
      on: { 'inspector.open': 'open' },
    },
  },
});

type StatelyInspectorSnapshot = SnapshotFrom<typeof statelyInspectorMachine>;

export type InspectorStatus = 'detached' | 'connecting' | 'attached' | 'failed';

export function selectInspectorStatus(snapshot: StatelyInspectorSnapshot): InspectorStatus {
  if (snapshot.matches({ open: 'attached' })) return 'attached';
  if (snapshot.matches('open')) return 'connecting';
  return snapshot.matches('failed') ? 'failed' : 'detached';
}

export const selectInspectorFailure = (snapshot: StatelyInspectorSnapshot) => snapshot.context;

/** This tab's one connection to Stately's inspector (appActors.ts). */
export const statelyInspectorActor = () => appActor('statelyInspector', statelyInspectorMachine);
