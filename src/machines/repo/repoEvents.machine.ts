import { assign, emit, enqueueActions, fromCallback, setup } from 'xstate';
import { checkedValues } from '../../api/values';
import { openEventStream, REPO_EVENTS_PATH, type OpenEventStream } from '../../api/stream';
import type { Repository } from '../../api/types';
import type { Schedule } from '../../logs/slices';
import { appActor } from '../app/appActors';
import { createFrameBatch, nextAnimationFrame } from '../runtime/frameBatch';
import {
  attemptAfterDrop,
  attemptAfterOpen,
  FIRST_ATTEMPT,
  reconnectDelay,
} from '../runtime/reconnect';
import { watchPageVisibility, type PageVisibilityEvent } from '../runtime/pageVisibility';

// docs/spec.md 4.5 / 7.6: the /api/stream event stream. It reconnects after a drop (the shared
// policy, ../runtime/reconnect.ts) and announces the reconnection, so listeners refetch what they
// may have missed. A tab left hidden closes it (paused) until it is shown again. Events reach the
// machine once per animation frame, as a step's log lines do (../runtime/frameBatch.ts), coalesced:
// of the events a frame gathered, only the latest of each repository's build goes on (issue 28
// item 5: 100,000 events a second froze the tab in 6-second tasks, one transition per event in
// every page that follows the stream).
/**
 * A tab hidden this long closes the stream, so events nobody sees are not received, merged and
 * rendered; showing it again reconnects, and `stream.reconnected` makes listeners refetch.
 */
export const HIDDEN_PAUSE_DELAY = 60000;

export type RepoEventsEmitted =
  { type: 'repo.updated'; repo: Repository } | { type: 'stream.reconnected' };

type SourceEvent =
  | { type: 'source.open' }
  /** A frame's events, coalesced (coalesceRepoEvents), in the order they last arrived. */
  | { type: 'source.messages'; repos: Repository[] }
  | { type: 'source.closed' };

/** One repository's one build: events with the same key only update the same thing. */
function keyOf(repo: Repository): string {
  const build = repo.build as Partial<NonNullable<Repository['build']>> | undefined;
  return JSON.stringify([repo.id, repo.slug, build?.id, build?.number]);
}

/** The repository an event's `data` carries, or null for a malformed event. */
function repositoryOf(data: string): Repository | null {
  try {
    const repo = JSON.parse(data) as Repository | null;
    // Times and counts checked as every other answer's are (issue 28 item 8).
    return typeof repo === 'object' && repo !== null ? checkedValues(repo) : null;
  } catch {
    return null; // A malformed event is dropped; the next one carries the full state again.
  }
}

/**
 * The repositories of one frame's events: of several about the same repository's build only the
 * latest (a build's newer state holds all that the older one said), in the order each of those
 * arrived. Overlapping builds of a repository stay apart (issue 28 item 12: each event names the
 * build that changed).
 */
export function coalesceRepoEvents(repos: readonly Repository[]): Repository[] {
  const latest = new Map<string, Repository>();
  // From the newest back: the first event met of a build is its latest.
  for (let index = repos.length - 1; index >= 0; index -= 1) {
    const repo = repos[index]!;
    const key = keyOf(repo);
    if (!latest.has(key)) latest.set(key, repo);
  }
  return [...latest.values()].reverse();
}

/**
 * The stream as an actor, read with fetch (api/stream.ts `openEventStream`): the token goes in the
 * `Authorization` header, never in the URL, where an EventSource would have to carry it. `open` and
 * `schedule` (the next animation frame) are parameters so tests play the server and paint frames.
 * Its body is synchronous and returns the cleanup that closes the connection (docs/architecture.md
 * 3). An event the parser dropped as too long (api/sse.ts) is simply lost: the next one carries the
 * repository's full state again.
 */
export function createServerEventsListener(
  open: OpenEventStream,
  schedule: Schedule = nextAnimationFrame,
) {
  return fromCallback<{ type: 'noop' }, { path: string }>(({ sendBack, input }) => {
    const arrived = createFrameBatch<Repository>(schedule, (repos) =>
      sendBack({ type: 'source.messages', repos: coalesceRepoEvents(repos) } satisfies SourceEvent),
    );
    const close = open(input.path, {
      open: () => sendBack({ type: 'source.open' } satisfies SourceEvent),
      // Read as they arrive, a chunk at a time: the frame only keeps the latest of each build.
      events: (events) => {
        const repos: Repository[] = [];
        for (const event of events) {
          const repo = repositoryOf(event.data);
          if (repo) repos.push(repo);
        }
        arrived.add(repos);
      },
      // Drone ends streams with `event: error` / `data: eof` (docs/drone-api.md 5.1); eof or a
      // drop, the stream is over and we reconnect on the shared schedule. What arrived first
      // goes on first.
      end: () => {
        arrived.flush();
        sendBack({ type: 'source.closed' } satisfies SourceEvent);
      },
    });
    return () => {
      arrived.cancel();
      close();
    };
  });
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
  actions: {
    emitRepoUpdates: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'source.messages') return;
      for (const repo of event.repos) enqueue.emit({ type: 'repo.updated', repo });
    }),
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
        'source.messages': { actions: 'emitRepoUpdates' },
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

/** One repository event stream for the whole app, started on first use. */
export const repoEventsActor = () => appActor('repoEvents', repoEventsMachine);
