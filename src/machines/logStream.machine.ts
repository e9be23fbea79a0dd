import { assign, enqueueActions, fromCallback, setup } from 'xstate';
import { isEndOfStream, openEventSource } from '../api/stream';
import type { Line } from '../api/types';
import { watchPageVisibility, type PageVisibilityEvent } from './pageVisibility';

// SPEC 7.6 / CONTRACT 5.3: one running step's log stream. Lines are handed to the parent in
// batches every 250 ms; `eof` ends the stream; a drop without `eof` reconnects with back-off.
// The server replays its buffered history on every connection, so lines at or below the last
// position already delivered are dropped here (and the parent's store de-duplicates by `pos`).
// While the tab is hidden, lines are held instead of handed over every 250 ms, so a log nobody
// looks at costs no rendering; they all go over at once when the tab is shown again.
export const LOG_BATCH_DELAY = 250;
export const RECONNECT_BASE_DELAY = 1000;
export const RECONNECT_MAX_DELAY = 30000;

/** Sent to the parent (the console machine). */
export interface LogLinesEvent {
  type: 'log.lines';
  lines: Line[];
}

type SourceEvent =
  | { type: 'source.open' }
  | { type: 'source.line'; line: Line }
  | { type: 'source.eof' }
  | { type: 'source.dropped' };

function parseLine(data: unknown): Line | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const line = JSON.parse(data) as Partial<Line> | null;
    if (line && typeof line.pos === 'number' && typeof line.out === 'string') {
      return { pos: line.pos, out: line.out, time: typeof line.time === 'number' ? line.time : 0 };
    }
  } catch {
    // A malformed event is skipped; the stored log fetched when the step ends fills the gap.
  }
  return undefined;
}

/**
 * The EventSource as an actor. `open` is a parameter so tests inject a fake EventSource class.
 * Its body is synchronous and returns the cleanup that closes the connection (DESIGN.md 3).
 */
export function createLogSourceListener(open: (url: string) => EventSource) {
  return fromCallback<{ type: 'noop' }, { url: string }>(({ sendBack, input }) => {
    const source = open(input.url);
    source.onopen = () => sendBack({ type: 'source.open' } satisfies SourceEvent);
    source.onmessage = (message: MessageEvent) => {
      const line = parseLine(message.data);
      if (line) sendBack({ type: 'source.line', line } satisfies SourceEvent);
    };
    source.onerror = (event) => {
      // Close at once: the browser would reconnect on its own schedule, we use our back-off.
      source.close();
      sendBack({ type: isEndOfStream(event) ? 'source.eof' : 'source.dropped' } as SourceEvent);
    };
    return () => source.close();
  });
}

export const listenLogSource = createLogSourceListener(openEventSource);

export const logStreamMachine = setup({
  types: {
    context: {} as {
      url: string;
      attempt: number;
      buffer: Line[];
      lastPos: number;
      hidden: boolean;
    },
    input: {} as { url: string; lastPos?: number },
    events: {} as SourceEvent | PageVisibilityEvent,
  },
  actors: { listenLogSource, watchPageVisibility },
  delays: {
    LOG_BATCH_DELAY,
    RECONNECT_DELAY: ({ context }) =>
      Math.min(RECONNECT_MAX_DELAY, RECONNECT_BASE_DELAY * 2 ** Math.max(0, context.attempt - 1)),
  },
  guards: {
    isNewLine: ({ context, event }) =>
      event.type === 'source.line' && event.line.pos > context.lastPos,
    isPageHidden: ({ context }) => context.hidden,
  },
  actions: {
    assignLine: assign(({ context, event }) => {
      if (event.type !== 'source.line') return {};
      return { buffer: context.buffer.concat(event.line), lastPos: event.line.pos };
    }),
    sendBatch: enqueueActions(({ context, enqueue }) => {
      if (context.buffer.length === 0) return;
      enqueue.sendParent({ type: 'log.lines', lines: context.buffer } satisfies LogLinesEvent);
      enqueue.assign({ buffer: [] });
    }),
    assignReconnectAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    assignHidden: assign({ hidden: true }),
    assignVisible: assign({ hidden: false }),
  },
}).createMachine({
  id: 'logStream',
  context: ({ input }) => ({
    url: input.url,
    attempt: 0,
    buffer: [],
    lastPos: input.lastPos ?? -1,
    hidden: false,
  }),
  invoke: { src: 'watchPageVisibility', input: { hiddenAfterMs: 0 } },
  on: {
    'page.hidden': { actions: 'assignHidden' },
    'page.visible': { actions: 'assignVisible' },
  },
  initial: 'live',
  states: {
    // One EventSource per visit; leaving the state (or stopping the actor) closes it.
    live: {
      invoke: { src: 'listenLogSource', input: ({ context }) => ({ url: context.url }) },
      initial: 'quiet',
      states: {
        quiet: {
          on: { 'source.line': { guard: 'isNewLine', target: 'batching', actions: 'assignLine' } },
        },
        // The first line of a batch starts the 250 ms window; later lines join it.
        batching: {
          on: { 'source.line': { guard: 'isNewLine', actions: 'assignLine' } },
          after: {
            LOG_BATCH_DELAY: [
              { guard: 'isPageHidden', target: 'held' },
              { target: 'quiet', actions: 'sendBatch' },
            ],
          },
        },
        // The tab is hidden: keep collecting, hand everything over once it is shown.
        held: {
          on: {
            'source.line': { guard: 'isNewLine', actions: 'assignLine' },
            'page.visible': { target: 'quiet', actions: ['assignVisible', 'sendBatch'] },
          },
        },
      },
      on: {
        'source.open': { actions: assign({ attempt: 0 }) },
        'source.eof': { target: 'ended', actions: 'sendBatch' },
        'source.dropped': {
          target: 'reconnecting',
          actions: ['sendBatch', 'assignReconnectAttempt'],
        },
      },
    },
    reconnecting: {
      after: { RECONNECT_DELAY: 'live' },
    },
    ended: { type: 'final' },
  },
});
