import { requestStream } from './client';
import { yieldToBrowser } from '../logs/slices';
import { createSseParser, isEndOfStream, type SseEvent } from './sse';

/** Repository events with their latest build (docs/spec.md 7.6), read with `openEventStream`. */
export const REPO_EVENTS_PATH = '/api/stream';

/** What an event stream read with fetch reports (`openEventStream`). */
export interface EventStreamListener {
  /** The server answered with success: the stream is open. */
  open(): void;
  /** The events one chunk of the body completed, in order, handed over together. */
  events(events: SseEvent[]): void;
  /**
   * The stream is over: `eof` when the server ended it with Drone's eof event, false when it
   * closed without one or the call failed (the failure is logged with its message, docs/spec.md 8).
   */
  end(eof: boolean): void;
  /**
   * A chunk made the parser drop `count` events, for a line or data past its limit (api/sse.ts
   * MAX_PENDING_TEXT): what the stream said there is lost, and the reader may say so.
   */
  dropped?(count: number): void;
}

/**
 * The most bytes of the body parsed in one task. A server or a proxy may send megabytes in one
 * chunk (a replayed history, a flood of events): it is parsed in slices, each one's events handed
 * over as they complete, and the browser gets a turn in between (issue 28 item 4: the page stays
 * responsive whatever the chunks' size).
 */
export const MAX_BYTES_PER_TASK = 256 * 1024;

/** Lets the browser run what waits (input, a frame) before going on. */
const nextTask = () => new Promise<void>((resolve) => yieldToBrowser(resolve));

export type OpenEventStream = (path: string, listener: EventStreamListener) => () => void;

/**
 * A server-sent-event stream read with fetch (docs/architecture.md 6): a chunk of the body is
 * parsed at once and its events handed over together, where an EventSource would dispatch one
 * task per event (thousands for a replayed log history). Like every call it goes to the server
 * only, with its cookies and the `Authorization` header (`requestStream`), so no token is put in
 * the URL. Returns the function that closes the stream (aborts the call); nothing is reported
 * after it.
 */
export const openEventStream: OpenEventStream = (path, listener) => {
  const controller = new AbortController();
  const read = async (body: ReadableStream<Uint8Array> | null) => {
    if (!body) return false;
    listener.open();
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = createSseParser();
    /** Parses bytes of the body and reports their events; true when they held the end. */
    const handOver = (bytes: Uint8Array) => {
      const dropped = parser.dropped;
      const events = parser.push(decoder.decode(bytes, { stream: true }));
      if (parser.dropped > dropped) listener.dropped?.(parser.dropped - dropped);
      const end = events.findIndex(isEndOfStream);
      if (end >= 0) {
        if (end > 0) listener.events(events.slice(0, end));
        return true;
      }
      if (events.length > 0) listener.events(events);
      return false;
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done || controller.signal.aborted) return false;
      for (let at = 0; at < value.length; at += MAX_BYTES_PER_TASK) {
        if (at > 0) {
          await nextTask();
          if (controller.signal.aborted) return false;
        }
        if (handOver(value.subarray(at, at + MAX_BYTES_PER_TASK))) return true;
      }
    }
  };
  requestStream(path, read, { signal: controller.signal }).then(
    (eof) => {
      if (controller.signal.aborted) return;
      // Drone closes the connection after eof; this lets go of it at once.
      controller.abort();
      listener.end(eof);
    },
    () => {
      if (!controller.signal.aborted) listener.end(false);
    },
  );
  return () => controller.abort();
};
