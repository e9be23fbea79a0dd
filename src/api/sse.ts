// A server-sent-event parser (the HTML standard's "event stream interpretation"), for streams read
// with fetch: a chunk of text in, the events it completed out, so a chunk holding thousands of
// events is handed over in one go instead of one browser task per event (docs/architecture.md 6).
// Lines end in `\n`, `\r\n` or `\r`, and a chunk may end anywhere, even between a `\r` and its
// `\n`. Framework-free, like the rest of api/.

export interface SseEvent {
  /** The `event:` field; 'message' when there is none. */
  type: string;
  /** The `data:` lines, joined by `\n`. */
  data: string;
  /** The last `id:` seen on the stream ('' when none). */
  lastEventId: string;
}

/**
 * The longest unfinished line, and the most data one event may gather, in UTF-16 code units
 * (1 MiB of text): Drone's runner caps a whole step log at 5 MB, and one of its events is one log
 * line. Past it, the line (and its event) is dropped rather than kept growing (issue 28 item 4: a
 * stream of 64 MB without a newline grew the page to 463 MB).
 */
export const MAX_PENDING_TEXT = 1 << 20;

export interface SseParser {
  /** Parses the next chunk of the stream's text; returns the events it completed, in order. */
  push(text: string): SseEvent[];
  /** How many events were dropped so far for a line or data past the limit. */
  readonly dropped: number;
  /** The text held for the unfinished line: never more than the limit. */
  readonly pendingLength: number;
}

/**
 * A parser for one connection. `retry:` is read and dropped: the console reconnects on its own
 * back-off (machines/runtime/reconnect.ts). An event still open when the stream ends is never
 * dispatched, as the standard says, so the caller simply stops pushing.
 *
 * Each character is looked at once: a chunk is searched for line ends from where the last line
 * ended, and the unfinished line at its end is kept as pieces (joined when its end arrives), never
 * prepended to the next chunk and searched again. A line or an event's data longer than
 * `maxPending` is dropped with its event, and counted in `dropped`; the parser goes on at the next
 * line.
 */
export function createSseParser(maxPending = MAX_PENDING_TEXT): SseParser {
  /** The unfinished line, as the chunks' pieces of it. */
  let pending: string[] = [];
  let pendingLength = 0;
  /** The unfinished line passed the limit: its text is skipped up to its end. */
  let skippingLine = false;
  /** The last chunk ended in `\r`: a `\n` opening the next one belongs to that line end. */
  let afterCR = false;
  let type = '';
  let data: string[] = [];
  let dataLength = 0;
  /** A line of the open event was dropped: the event is not dispatched. */
  let eventDropped = false;
  let lastEventId = '';
  let dropped = 0;

  const dropEvent = () => {
    if (!eventDropped) dropped += 1;
    eventDropped = true;
    data = [];
    dataLength = 0;
  };

  const field = (line: string, events: SseEvent[]) => {
    if (line === '') {
      // A blank line dispatches; with no data it only resets (Drone's extra `\n` after each line).
      if (data.length > 0 && !eventDropped)
        events.push({ type: type || 'message', data: data.join('\n'), lastEventId });
      type = '';
      data = [];
      dataLength = 0;
      eventDropped = false;
      return;
    }
    if (line.charCodeAt(0) === 58 /* ':' */) return; // A comment (`: ping`).
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32 /* ' ' */) value = value.slice(1);
    if (name === 'data') {
      if (eventDropped) return;
      dataLength += value.length + 1;
      if (dataLength > maxPending) dropEvent();
      else data.push(value);
    } else if (name === 'event') type = value;
    else if (name === 'id' && !value.includes('\0')) lastEventId = value;
    // `retry` and unknown fields are ignored.
  };

  /** The line that ends at `end` of `text`, the pending pieces before it. */
  const endLine = (text: string, start: number, end: number, events: SseEvent[]) => {
    const length = pendingLength + end - start;
    if (skippingLine) skippingLine = false;
    else if (length > maxPending) dropEvent();
    else
      field(
        pending.length > 0 ? pending.join('') + text.slice(start, end) : text.slice(start, end),
        events,
      );
    pending = [];
    pendingLength = 0;
  };

  return {
    get dropped() {
      return dropped;
    },
    get pendingLength() {
      return pendingLength;
    },
    push(text) {
      const events: SseEvent[] = [];
      // A chunk ending in `\r` ended its line: a `\n` opening this one ends no second line.
      let start = afterCR && text.charCodeAt(0) === 10 ? 1 : 0;
      afterCR = false;
      // The next `\r` and `\n`, each looked for again only once passed: most streams have no
      // `\r`, and looking for one from every line to the chunk's end would cost the square of
      // its length.
      let cr = text.indexOf('\r', start);
      let lf = text.indexOf('\n', start);
      for (;;) {
        if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
        if (lf !== -1 && lf < start) lf = text.indexOf('\n', start);
        const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
        if (end < 0) break;
        endLine(text, start, end, events);
        start = end + 1;
        if (end === cr) {
          if (start === text.length) afterCR = true;
          else if (text.charCodeAt(start) === 10) start += 1;
        }
      }
      const rest = text.length - start;
      if (rest > 0 && !skippingLine) {
        if (pendingLength + rest > maxPending) {
          // Too long to be a line of Drone's: dropped with its event, not kept growing.
          dropEvent();
          skippingLine = true;
          pending = [];
          pendingLength = 0;
        } else {
          pending.push(text.slice(start));
          pendingLength += rest;
        }
      }
      return events;
    },
  };
}

/** Drone ends every stream with `event: error` + `data: eof` (docs/drone-api.md 5.1). */
export const isEndOfStream = (event: SseEvent) => event.type === 'error' && event.data === 'eof';
