import { describe, expect, it } from 'vitest';
import { createSseParser, isEndOfStream, type SseEvent } from './sse';

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
