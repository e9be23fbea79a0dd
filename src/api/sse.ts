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

export interface SseParser {
  /** Parses the next chunk of the stream's text; returns the events it completed, in order. */
  push(text: string): SseEvent[];
}

/**
 * A parser for one connection. `retry:` is read and dropped: the console reconnects on its own
 * back-off (machines/shell/reconnect.ts). An event still open when the stream ends is never
 * dispatched, as the standard says, so the caller simply stops pushing.
 */
export function createSseParser(): SseParser {
  let rest = '';
  /** The last chunk ended in `\r`: a `\n` opening the next one belongs to that line end. */
  let afterCR = false;
  let type = '';
  let data: string[] = [];
  let lastEventId = '';

  const field = (line: string, events: SseEvent[]) => {
    if (line === '') {
      // A blank line dispatches; with no data it only resets (Drone's extra `\n` after each line).
      if (data.length > 0)
        events.push({ type: type || 'message', data: data.join('\n'), lastEventId });
      type = '';
      data = [];
      return;
    }
    if (line.charCodeAt(0) === 58 /* ':' */) return; // A comment (`: ping`).
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32 /* ' ' */) value = value.slice(1);
    if (name === 'data') data.push(value);
    else if (name === 'event') type = value;
    else if (name === 'id' && !value.includes('\0')) lastEventId = value;
    // `retry` and unknown fields are ignored.
  };

  return {
    push(text) {
      const events: SseEvent[] = [];
      const buffer = rest + text;
      // A chunk ending in `\r` left `rest` empty: a `\n` opening this one ends no second line.
      let start = afterCR && buffer.charCodeAt(0) === 10 ? 1 : 0;
      afterCR = false;
      // The next `\r`, looked for again only once passed: most streams have none, and looking
      // for one from every line to the chunk's end would cost the square of its length.
      let cr = buffer.indexOf('\r', start);
      for (;;) {
        if (cr !== -1 && cr < start) cr = buffer.indexOf('\r', start);
        const lf = buffer.indexOf('\n', start);
        const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
        if (end < 0) break;
        field(buffer.slice(start, end), events);
        start = end + 1;
        if (end === cr) {
          if (start === buffer.length) afterCR = true;
          else if (buffer.charCodeAt(start) === 10) start += 1;
        }
      }
      rest = buffer.slice(start);
      return events;
    },
  };
}

/** Drone ends every stream with `event: error` + `data: eof` (docs/drone-api.md 5.1). */
export const isEndOfStream = (event: SseEvent) => event.type === 'error' && event.data === 'eof';
