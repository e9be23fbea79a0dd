import { describe, expect, it } from 'vitest';
import type { Line } from '../api/types';
import { StoredLogParser } from './storedLog';

/** Feeds `body` to a parser in pieces of `size` characters; returns the lines as objects. */
function parse(body: string, size = body.length): Line[] {
  const parser = new StoredLogParser();
  for (let at = 0; at < body.length; at += size) parser.push(body.slice(at, at + size));
  parser.end();
  const { pos, out, time } = parser.take();
  return pos.map((value, k) => ({ pos: value, out: out[k]!, time: time[k]! }));
}

const lines = (count: number, out: (i: number) => string): Line[] =>
  Array.from({ length: count }, (_, i) => ({ pos: i, out: out(i), time: i >> 4 }));

describe('StoredLogParser', () => {
  it('gives the lines of a stored log whatever the pieces it arrives in', () => {
    const log = lines(50, (i) => `line ${i} \u001b[31mred\u001b[0m "quoted" \\ back\n`);
    const body = `${JSON.stringify(log)}\n`;
    for (const size of [1, 7, 64, body.length]) expect(parse(body, size)).toEqual(log);
  });

  it('parses a long log as it arrives, across text that only looks like a boundary', () => {
    // Each line's text ends with `},{` so `},{"` also sits right before a closing quote.
    const log = lines(40_000, (i) => `{"step": ${i}},{`);
    const parser = new StoredLogParser();
    const body = `${JSON.stringify(log)}\n`;
    let parsedEarly = 0;
    for (let at = 0; at < body.length; at += 65_536) {
      parser.push(body.slice(at, at + 65_536));
      parsedEarly = Math.max(parsedEarly, parser.parsed);
    }
    parser.end();
    expect(parsedEarly).toBeGreaterThan(0); // lines came out before the end of the body
    const { pos, out } = parser.take();
    expect(pos).toEqual(log.map((line) => line.pos));
    expect(out).toEqual(log.map((line) => line.out));
  });

  it('reads `null` and an empty array as no lines', () => {
    expect(parse('null\n')).toEqual([]);
    expect(parse('[]\n')).toEqual([]);
    expect(parse('  [\n]\n', 1)).toEqual([]);
    expect(parse('')).toEqual([]);
  });

  it('drops entries that are not lines and defaults a missing time to 0', () => {
    const body = '[{"pos":0,"out":"a\\n"},1,{"out":"no pos"},{"pos":2,"out":"b\\n","time":3}]';
    expect(parse(body, 5)).toEqual([
      { pos: 0, out: 'a\n', time: 0 },
      { pos: 2, out: 'b\n', time: 3 },
    ]);
  });

  it('fails with the parser message on a body that is not JSON or was cut short', () => {
    expect(() => parse('<html>Bad Gateway</html>')).toThrow(SyntaxError);
    expect(() => parse('[{"pos":0,"out":"a\\n","time":0},{"pos":1,"ou', 8)).toThrow(SyntaxError);
  });

  it('fails with the start of any other JSON value', () => {
    expect(() => parse('{"message":"not a log"}')).toThrow(
      'Unexpected log data: {"message":"not a log"}',
    );
  });
});
