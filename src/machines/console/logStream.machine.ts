import { assign, enqueueActions, fromCallback, sendParent, setup } from 'xstate';
import { MAX_PENDING_TEXT, type SseEvent } from '../../api/sse';
import { openEventStream, type OpenEventStream } from '../../api/stream';
import type { Line } from '../../api/types';
import type { Schedule } from '../../logs/slices';
import { createFrameBatch, nextAnimationFrame } from '../runtime/frameBatch';
import {
  attemptAfterDrop,
  attemptAfterOpen,
  FIRST_ATTEMPT,
  reconnectDelay,
} from '../runtime/reconnect';

// docs/spec.md 7.6 / docs/drone-api.md 5.3: one running step's log stream, read with fetch
// (api/stream.ts openEventStream): a chunk of the body arrives parsed, all its lines at once, so a
// replayed history of thousands of lines costs a few tasks, not one per line as an EventSource's.
// Lines are handed to the parent once per animation frame (issue 18: a line is painted in the frame
// after it arrives; this overrides docs/spec.md 7.6's 250 ms batches): the listener gathers them and
// hands a frame's worth over as one event (../runtime/frameBatch.ts), so a burst of thousands of
// lines costs one transition.
// `eof` ends the stream; a drop without `eof` reconnects (the shared policy, ../runtime/reconnect.ts).
// The server replays its buffered history on every connection, so lines at or below the last
// position already delivered are dropped here (and the parent's store de-duplicates by `pos`).

/** Sent to the parent (the console machine). */
export interface LogLinesEvent {
  type: 'log.lines';
  lines: Line[];
}

/** The longest line the live stream keeps (issue 28 item 4); longer ones are left out. */
export const MAX_LIVE_LINE_LENGTH = MAX_PENDING_TEXT;

/** Sent to the parent: the stream held a line too long to keep (api/sse.ts MAX_PENDING_TEXT). */
export interface LogOverlongEvent {
  type: 'log.overlong';
}

type SourceEvent =
  | { type: 'source.open' }
  /** The lines that arrived since the last animation frame, in arrival order. */
  | { type: 'source.lines'; lines: Line[] }
  | { type: 'source.eof' }
  | { type: 'source.dropped' }
  /** The parser dropped a line past its limit (issue 28 item 4). */
  | { type: 'source.overlong' };

function parseLine(event: SseEvent): Line | undefined {
  if (event.type !== 'message') return undefined;
  try {
    const line = JSON.parse(event.data) as Partial<Line> | null;
    if (line && typeof line.pos === 'number' && typeof line.out === 'string') {
      return { pos: line.pos, out: line.out, time: typeof line.time === 'number' ? line.time : 0 };
    }
  } catch {
    // A malformed event is skipped; the stored log fetched when the step ends fills the gap.
  }
  return undefined;
}

/**
 * The stream as an actor: the lines of a frame go to the machine together, at the frame
 * (`schedule`). `open` and `schedule` are parameters so tests inject a fake stream and frames.
 * Its body is synchronous and returns the cleanup that closes the connection (docs/architecture.md
 * 3).
 */
export function createLogSourceListener(
  open: OpenEventStream,
  schedule: Schedule = nextAnimationFrame,
) {
  return fromCallback<{ type: 'noop' }, { path: string }>(({ sendBack, input }) => {
    const arrived = createFrameBatch<Line>(schedule, (lines) =>
      sendBack({ type: 'source.lines', lines } satisfies SourceEvent),
    );
    const close = open(input.path, {
      open: () => sendBack({ type: 'source.open' } satisfies SourceEvent),
      events: (events) => {
        const lines: Line[] = [];
        for (const event of events) {
          const line = parseLine(event);
          if (line) lines.push(line);
        }
        arrived.add(lines);
      },
      dropped: () => sendBack({ type: 'source.overlong' } satisfies SourceEvent),
      end: (eof) => {
        arrived.flush(); // What arrived before the end (or the drop) is not lost.
        // A drop reconnects on the console's back-off.
        sendBack({ type: eof ? 'source.eof' : 'source.dropped' } satisfies SourceEvent);
      },
    });
    return () => {
      arrived.cancel();
      close();
    };
  });
}

export const listenLogSource = createLogSourceListener(openEventStream);

/** The lines past `lastPos`, each past the one before (a replayed history starts over). */
function newLines(lines: readonly Line[], lastPos: number): Line[] {
  const fresh: Line[] = [];
  let last = lastPos;
  for (const line of lines) {
    if (line.pos <= last) continue;
    fresh.push(line);
    last = line.pos;
  }
  return fresh;
}

export const logStreamMachine = setup({
  types: {
    context: {} as { path: string; attempt: number; lastPos: number },
    input: {} as { path: string; lastPos?: number },
    events: {} as SourceEvent,
  },
  actors: { listenLogSource },
  delays: {
    RECONNECT_DELAY: ({ context }) => reconnectDelay(context.attempt),
  },
  actions: {
    sendNewLines: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'source.lines') return;
      const lines = newLines(event.lines, context.lastPos);
      if (lines.length === 0) return;
      enqueue.sendParent({ type: 'log.lines', lines } satisfies LogLinesEvent);
      enqueue.assign({ lastPos: lines.at(-1)!.pos });
    }),
    sendOverlong: sendParent({ type: 'log.overlong' } satisfies LogOverlongEvent),
    assignReconnectAttempt: assign({ attempt: ({ context }) => attemptAfterDrop(context.attempt) }),
  },
}).createMachine({
  id: 'logStream',
  context: ({ input }) => ({
    path: input.path,
    attempt: FIRST_ATTEMPT,
    lastPos: input.lastPos ?? -1,
  }),
  initial: 'live',
  states: {
    // One connection per visit; leaving the state (or stopping the actor) aborts it.
    live: {
      invoke: { src: 'listenLogSource', input: ({ context }) => ({ path: context.path }) },
      on: {
        'source.open': { actions: assign({ attempt: attemptAfterOpen }) },
        'source.lines': { actions: 'sendNewLines' },
        'source.overlong': { actions: 'sendOverlong' },
        'source.eof': 'ended',
        'source.dropped': { target: 'reconnecting', actions: 'assignReconnectAttempt' },
      },
    },
    reconnecting: {
      after: { RECONNECT_DELAY: 'live' },
    },
    ended: { type: 'final' },
  },
});
