import { sendParent, setup } from 'xstate';
import type { SseEvent } from '../../src/api/sse';
import type { EventStreamListener, OpenEventStream } from '../../src/api/stream';
import type { Line } from '../../src/api/types';

/**
 * A stand-in for the console's logStream child (its `streamLogs` actor): the test pushes a
 * batch of lines with `test.lines`, which reaches the console as the stream's `log.lines`, and
 * ends the stream with `test.eof`.
 */
export const fakeLogStream = setup({
  types: {
    events: {} as
      { type: 'test.lines'; lines: Line[] } | { type: 'test.overlong' } | { type: 'test.eof' },
  },
}).createMachine({
  initial: 'open',
  states: {
    open: {
      on: {
        'test.lines': {
          actions: sendParent(({ event }) => ({ type: 'log.lines', lines: event.lines })),
        },
        // The stream left out a line too long to keep (issue 28 item 4).
        'test.overlong': { actions: sendParent({ type: 'log.overlong' }) },
        'test.eof': 'done',
      },
    },
    done: { type: 'final' },
  },
});

/**
 * The server's side of the step's log stream (api/stream.ts openEventStream), played by hand:
 * `connect` stands for openEventStream and records each connection; the test opens it, sends
 * lines (each `send` is one chunk of the body), ends it with eof or drops it.
 */
export function fakeEventStreams() {
  const connections: FakeConnection[] = [];
  const connect: OpenEventStream = (path, listener) => {
    const connection = new FakeConnection(path, listener);
    connections.push(connection);
    return () => {
      connection.closed = true;
    };
  };
  return { connect, connections, latest: () => connections.at(-1)! };
}

export class FakeConnection {
  closed = false;
  constructor(
    readonly path: string,
    private readonly listener: EventStreamListener,
  ) {}
  open() {
    this.listener.open();
  }
  /** One chunk of the body holding these lines. */
  send(...lines: Line[]) {
    this.events(
      lines.map((line) => ({ type: 'message', data: JSON.stringify(line), lastEventId: '' })),
    );
  }
  events(events: SseEvent[]) {
    this.listener.events(events);
  }
  /** The parser dropped an event for a line past its limit (api/sse.ts MAX_PENDING_TEXT). */
  overlong() {
    this.listener.dropped?.(1);
  }
  /** Drone's end of stream: `event: error` + `data: eof`. */
  eof() {
    this.listener.end(true);
  }
  /** The connection closed without eof, or the call failed. */
  drop() {
    this.listener.end(false);
  }
}
