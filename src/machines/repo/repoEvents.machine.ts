import { checkedValues } from '../../api/values';
import { assign, createActor, emit, fromCallback, setup } from 'xstate';
import { openEventStream, REPO_EVENTS_PATH, type OpenEventStream } from '../../api/stream';
import type { Repository } from '../../api/types';
import { inspect } from '../devtools/inspector';
import {
  attemptAfterDrop,
  attemptAfterOpen,
  FIRST_ATTEMPT,
  reconnectDelay,
} from '../shell/reconnect';
import { watchPageVisibility, type PageVisibilityEvent } from '../shell/pageVisibility';

// docs/spec.md 4.5 / 7.6: the /api/stream event stream. It reconnects after a drop (the shared
// policy, ../shell/reconnect.ts) and announces the reconnection, so listeners refetch what they
// may have missed. A tab left hidden closes it (paused) until it is shown again.
/**
 * A tab hidden this long closes the stream, so events nobody sees are not received, merged and
 * rendered; showing it again reconnects, and `stream.reconnected` makes listeners refetch.
 */
export const HIDDEN_PAUSE_DELAY = 60000;

export type RepoEventsEmitted =
  { type: 'repo.updated'; repo: Repository } | { type: 'stream.reconnected' };

type SourceEvent =
  | { type: 'source.open' }
  | { type: 'source.message'; repo: Repository }
  | { type: 'source.closed' };

/**
 * The stream as an actor, read with fetch (api/stream.ts `openEventStream`): the token goes in the
 * `Authorization` header, never in the URL, where an EventSource would have to carry it. `open` is
 * a parameter so tests play the server. Its body is synchronous and returns the cleanup that
 * closes the connection (docs/architecture.md 3).
 */
export function createServerEventsListener(open: OpenEventStream) {
  return fromCallback<{ type: 'noop' }, { path: string }>(({ sendBack, input }) =>
    open(input.path, {
      open: () => sendBack({ type: 'source.open' } satisfies SourceEvent),
      events: (events) => {
        for (const event of events) {
          try {
            // Times and counts checked as every other answer's are (issue 28 item 8).
            const repo = checkedValues(JSON.parse(event.data) as Repository);
            sendBack({ type: 'source.message', repo } satisfies SourceEvent);
          } catch {
            // A malformed event is dropped; the next one carries the full state again.
          }
        }
      },
      // Drone ends streams with `event: error` / `data: eof` (docs/drone-api.md 5.1); eof or a
      // drop, the stream is over and we reconnect on the shared schedule.
      end: () => sendBack({ type: 'source.closed' } satisfies SourceEvent),
    }),
  );
}

export const listenServerEvents = createServerEventsListener(openEventStream);

export const repoEventsMachine = setup({
  types: {
    context: {} as { attempt: number; connectedOnce: boolean },
    events: {} as
      SourceEvent | PageVisibilityEvent | { type: 'stream.stop' } | { type: 'stream.start' },
    emitted: {} as RepoEventsEmitted,
  },
  actors: { listenServerEvents, watchPageVisibility },
  delays: {
    RECONNECT_DELAY: ({ context }) => reconnectDelay(context.attempt),
  },
  guards: {
    wasConnectedBefore: ({ context }) => context.connectedOnce,
  },
}).createMachine({
  id: 'repoEvents',
  context: { attempt: FIRST_ATTEMPT, connectedOnce: false },
  invoke: { src: 'watchPageVisibility', input: { hiddenAfterMs: HIDDEN_PAUSE_DELAY } },
  initial: 'live',
  states: {
    // One connection per visit to `live`; its children only tell whether it has opened yet.
    live: {
      invoke: { src: 'listenServerEvents', input: { path: REPO_EVENTS_PATH } },
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            'source.open': [
              {
                guard: 'wasConnectedBefore',
                target: 'connected',
                actions: [
                  assign({ attempt: attemptAfterOpen }),
                  emit({ type: 'stream.reconnected' }),
                ],
              },
              {
                target: 'connected',
                actions: assign({ attempt: attemptAfterOpen, connectedOnce: true }),
              },
            ],
          },
        },
        connected: {},
      },
      on: {
        'source.message': {
          actions: emit(({ event }) => ({ type: 'repo.updated', repo: event.repo }) as const),
        },
        'source.closed': {
          target: 'waiting',
          actions: assign({ attempt: ({ context }) => attemptAfterDrop(context.attempt) }),
        },
        'page.hidden': 'paused',
      },
    },
    waiting: {
      after: { RECONNECT_DELAY: 'live' },
      on: { 'page.hidden': 'paused' },
    },
    // The tab has been hidden for a while: no connection until it is shown again.
    paused: {
      on: { 'page.visible': 'live' },
    },
    stopped: {
      on: { 'stream.start': 'live' },
    },
  },
  on: {
    'stream.stop': '.stopped',
  },
});

let shared: ReturnType<typeof createActor<typeof repoEventsMachine>> | undefined;

/** One repository event stream for the whole app, started on first use. */
export function repoEventsActor() {
  if (!shared) shared = createActor(repoEventsMachine, { inspect }).start();
  return shared;
}

/**
 * For other machines: invoke this to receive `repo.updated` / `stream.reconnected` as events.
 * Example: `invoke: { src: 'followRepoEvents' }` with `actors: { followRepoEvents }`.
 */
export const followRepoEvents = fromCallback<{ type: 'noop' }>(({ sendBack }) => {
  const actor = repoEventsActor();
  const updated = actor.on('repo.updated', (event) => sendBack(event));
  const reconnected = actor.on('stream.reconnected', (event) => sendBack(event));
  return () => {
    updated.unsubscribe();
    reconnected.unsubscribe();
  };
});
