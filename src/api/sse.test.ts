import { describe, expect, it } from 'vitest';
import { createSseParser, isEndOfStream, MAX_PENDING_TEXT, type SseEvent } from './sse';

const message = (data: string, lastEventId = ''): SseEvent => ({
  type: 'message',
  data,
  lastEventId,
});

/** Every event of `chunks` pushed one after another into one parser. */
function parse(...chunks: string[]): SseEvent[] {
  const parser = createSseParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
}

// Drone's log stream, byte for byte (docs/drone-api.md 5.3): a ping, lines ending in three `\n`.
const DRONE_LOG =
  ': ping\n\n' +
  'data: {"pos":0,"out":"+ go test ./...\\n","time":0}\n\n\n' +
  'data: {"pos":1,"out":"ok\\n","time":3}\n\n\n' +
  'event: error\ndata: eof\n\n';

describe('server-sent-event parser', () => {
  it("reads Drone's log stream: comments skipped, one event per line, eof last", () => {
    const events = parse(DRONE_LOG);
    expect(events.map((event) => event.data)).toEqual([
      '{"pos":0,"out":"+ go test ./...\\n","time":0}',
      '{"pos":1,"out":"ok\\n","time":3}',
      'eof',
    ]);
    expect(events.map(isEndOfStream)).toEqual([false, false, true]);
    expect(events[2]!.type).toBe('error');
  });

  it('gives the same events however the bytes are cut into chunks', () => {
    const whole = parse(DRONE_LOG);
    for (let cut = 1; cut < DRONE_LOG.length; cut++) {
      expect(parse(DRONE_LOG.slice(0, cut), DRONE_LOG.slice(cut))).toEqual(whole);
    }
    expect(parse(...DRONE_LOG.split(''))).toEqual(whole);
  });

  it('hands over each event as soon as its blank line arrives, not before', () => {
    const parser = createSseParser();
    expect(parser.push('data: a\n')).toEqual([]);
    expect(parser.push('\ndata: b')).toEqual([message('a')]);
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([message('b')]);
  });

  it('ends lines at \\r\\n and at a lone \\r, also when a chunk ends between \\r and \\n', () => {
    const crlf = 'data: a\r\n\r\ndata: b\r\n\r\n';
    const cr = 'data: a\r\rdata: b\r\r';
    expect(parse(crlf)).toEqual([message('a'), message('b')]);
    expect(parse(cr)).toEqual([message('a'), message('b')]);
    for (let cut = 1; cut < crlf.length; cut++) {
      expect(parse(crlf.slice(0, cut), crlf.slice(cut))).toEqual([message('a'), message('b')]);
    }
    // The \r ends the line at once: the event is out before its \n arrives.
    const parser = createSseParser();
    expect(parser.push('data: a\r\n\r')).toEqual([message('a')]);
    expect(parser.push('\ndata: b\r\n\r\n')).toEqual([message('b')]);
  });

  it('joins multi-line data with \\n and keeps the event name and last id', () => {
    expect(parse('event: build\nid: 7\ndata: one\ndata:two\ndata\n\ndata: next\n\n')).toEqual([
      { type: 'build', data: 'one\ntwo\n', lastEventId: '7' },
      message('next', '7'),
    ]);
  });

  it('removes only one space after the colon, and ignores retry, comments and unknown fields', () => {
    expect(parse(':comment\nretry: 10\nfoo: bar\ndata:  spaced \n\n')).toEqual([
      message(' spaced '),
    ]);
  });

  it('dispatches nothing for a blank line without data, nor for an event the stream cut off', () => {
    expect(parse('\n\n: ping\n\nevent: x\n\ndata: cut off')).toEqual([]);
  });
});

/**
 * How many characters the string searches made while `run` ran: each `indexOf` counts what a
 * search from its start to its match (or the string's end) looks at. Work, not time: the count
 * is the same on a loaded machine.
 */
function charactersSearched(run: () => void): number {
  const indexOf = String.prototype.indexOf;
  let searched = 0;
  String.prototype.indexOf = function (this: string, search: string, from = 0) {
    const found = indexOf.call(this, search, from);
    searched += (found < 0 ? this.length : found + 1) - Math.max(0, from);
    return found;
  };
  try {
    run();
  } finally {
    String.prototype.indexOf = indexOf;
  }
  return searched;
}

// Issue 28 item 4: an unfinished line was kept whole and searched again with every chunk, so 64 MB
// without a newline grew the page to 463 MB and froze it.
describe('server-sent-event parser, endless input', () => {
  const CHUNK = 'x'.repeat(64 * 1024);
  const MB = 1 << 20;

  it('holds at most 1 MiB of a 64 MB line without a newline, and searches each character once', () => {
    const parser = createSseParser();
    let held = 0;
    let events: SseEvent[] = [];
    const searched = charactersSearched(() => {
      parser.push('data: ');
      for (let sent = 0; sent < 64 * MB; sent += CHUNK.length) {
        events = events.concat(parser.push(CHUNK));
        held = Math.max(held, parser.pendingLength);
      }
    });
    expect(events).toEqual([]);
    expect(held).toBeLessThanOrEqual(MAX_PENDING_TEXT);
    // Two searches (`\r`, `\n`) over each character, and no more.
    expect(searched).toBeLessThanOrEqual(2 * (64 * MB + 6));
    // The line is dropped with its event, counted once; the stream goes on after its end.
    expect(parser.dropped).toBe(1);
    expect(parser.push('\n\ndata: after\n\n')).toEqual([message('after')]);
    expect(parser.pendingLength).toBe(0);
  });

  it('searches a chunk of many short lines once, `\\r\\n` line ends too', () => {
    const line = 'data: {"pos":1,"out":"ok\\n","time":3}\r\n\r\n';
    const body = line.repeat(20_000);
    let events: SseEvent[] = [];
    const searched = charactersSearched(() => {
      events = createSseParser().push(body);
    });
    expect(events).toHaveLength(20_000);
    // The two line-end searches, and each line's search for its field's colon.
    expect(searched).toBeLessThanOrEqual(3 * body.length);
  });

  it('drops a whole line past the limit, and an event whose data lines add up past it', () => {
    const parser = createSseParser();
    const long = 'y'.repeat(MAX_PENDING_TEXT);
    expect(parser.push(`data: ${long}\n\ndata: kept\n\n`)).toEqual([message('kept')]);
    const lines = `data: ${'z'.repeat(1000)}\n`.repeat(Math.ceil(MAX_PENDING_TEXT / 1000) + 1);
    expect(parser.push(`${lines}\ndata: next\n\n`)).toEqual([message('next')]);
    expect(parser.dropped).toBe(2);
    // Anything up to the limit is a line like any other.
    const fits = 'w'.repeat(MAX_PENDING_TEXT - 'data: '.length);
    expect(parser.push(`data: ${fits.slice(0, 10)}`)).toEqual([]);
    expect(parser.push(`${fits.slice(10)}\n\n`)).toEqual([message(fits)]);
  });
});
