import { describe, expect, it } from 'vitest';
import { goEncode, goJson } from '../../mock-server/gojson';
import type { Line } from './line';
import { batchOut, type LineBatch } from './outColumn';
import {
  PARSED_WHILE_READ,
  StoredLogParser,
  TAIL_FIRST_BACKLOG,
  batchOfValues,
  parseBody,
  scanGoLines,
  tailLines,
} from './storedLog';

const linesOf = (batches: readonly LineBatch[]): Line[] =>
  batches.flatMap((batch) =>
    Array.from(batch.pos, (pos, k) => ({ pos, out: batchOut(batch, k), time: batch.time[k]! })),
  );

/** Feeds `body` to a parser in pieces of `size` characters; returns the lines as objects. */
function parse(body: string, size = body.length): Line[] {
  const parser = new StoredLogParser();
  for (let at = 0; at < body.length; at += size) parser.push(body.slice(at, at + size));
  parser.end();
  return linesOf(parser.take());
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
    const batches: LineBatch[] = [];
    for (let at = 0; at < body.length; at += 65_536) {
      parser.push(body.slice(at, at + 65_536));
      batches.push(...parser.take());
    }
    const parsedEarly = linesOf(batches).length;
    parser.end();
    expect(parsedEarly).toBeGreaterThan(0); // lines came out before the end of the body
    expect(linesOf([...batches, ...parser.take()])).toEqual(log);
  });

  it("keeps only the lines' texts, undecoded until read, and decodes every escape Go writes", () => {
    const texts = [
      'plain\n',
      '\u001b[31mred\u001b[0m <b> & "q" \\ tab\there\n',
      'emoji \ud83d\ude00 \u2028 é\r\n',
      'no newline at all',
      'ends in a backslash \\',
      '},{"pos":9,"out":"fake"}\n',
      'nul \u0000, \b and \f\n',
    ];
    const log = lines(texts.length, (i) => texts[i]!);
    const body = goEncode(log);
    const parser = new StoredLogParser();
    parser.push(body);
    parser.end();
    const batches = parser.take();
    // Each text as Go wrote it (a JSON string's contents), none of the JSON around them.
    const asGoWrote = texts.map((text) => goJson(text).slice(1, -1)).join('');
    expect(batches.map((batch) => [batch.escaped, batch.text])).toEqual([[true, asGoWrote]]);
    expect(linesOf(batches)).toEqual(log);
  });

  it('takes text of any other JSON shape through JSON.parse', () => {
    const log = [{ pos: 0, out: 'a\n', time: 1 }];
    expect(scanGoLines('{"out":"a\\n","pos":0,"time":1}')).toBeNull();
    expect(scanGoLines('{ "pos": 0, "out": "a\\n", "time": 1 }')).toBeNull();
    expect(scanGoLines('{"pos":0,"out":"a\\n","time":1},')).toBeNull();
    expect(parse('[{"out":"a\\n","pos":0,"time":1}]', 3)).toEqual(log);
    expect(parse('[ { "pos": 0, "out": "a\\n", "time": 1 } ]\n', 3)).toEqual(log);
  });

  it('marks the lines that may hold a group marker, whichever way they were parsed', () => {
    const log = lines(4, (i) => ['a\n', '::group::b\n', 'c "::" d\n', 'section_end:1:x\n'][i]!);
    const goShaped = JSON.stringify(log).slice(1, -1);
    expect(Array.from(scanGoLines(goShaped)!.marked)).toEqual([1, 2, 3]);
    expect(Array.from(batchOfValues(log).marked)).toEqual([1, 2, 3]);
    // The words in the JSON around the texts ("pos", "time") mark nothing.
    expect(Array.from(scanGoLines('{"pos":0,"out":"pos time","time":0}')!.marked)).toEqual([]);
    // Nor does a word whose halves end one line and start the next.
    const split = lines(2, (i) => ['ends in a colon:', ':starts with one\n'][i]!);
    expect(Array.from(scanGoLines(JSON.stringify(split).slice(1, -1))!.marked)).toEqual([]);
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

/** `body`'s bytes as a stream of chunks of `size` bytes. */
function streamOf(body: string, size = 1 << 16): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(body);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += size)));
    },
  });
}

describe('parseBody (issue 32: a long log read ahead of its parsing)', () => {
  it('gives every line of a body read in chunks, and no tail for a short one', async () => {
    const log = lines(5_000, (i) => `line ${i} "quoted" é\n`);
    const parser = new StoredLogParser();
    const tails: LineBatch[] = [];
    await parseBody(streamOf(JSON.stringify(log), 1_000), parser, undefined, (t) => tails.push(t));
    expect(linesOf(parser.take())).toEqual(log);
    expect(tails).toEqual([]);
  });

  it('gives a long body’s last lines first, then all of them', async () => {
    const count = Math.ceil((PARSED_WHILE_READ + TAIL_FIRST_BACKLOG) / 70);
    const log = lines(count, (i) => `${String(i).padStart(9, '0')} processed batch items=5 ok\n`);
    const parser = new StoredLogParser();
    const seen: string[] = [];
    let tail: Line[] = [];
    await parseBody(
      streamOf(JSON.stringify(log)),
      parser,
      () => void (parser.take().length && seen.push('lines')),
      (batch) => {
        seen.push('tail');
        tail = linesOf([batch]);
      },
    );
    expect(seen.lastIndexOf('tail')).toBeGreaterThan(-1);
    expect(seen.slice(seen.indexOf('tail') + 1)).toContain('lines');
    expect(tail.length).toBeGreaterThan(250);
    expect(tail).toEqual(log.slice(-tail.length));
  });

  it('rejects with the body’s error', async () => {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.error(new Error('connection reset')),
    });
    await expect(parseBody(body, new StoredLogParser())).rejects.toThrow('connection reset');
  });
});

describe('tailLines', () => {
  const encode = (text: string) => new TextEncoder().encode(text);

  it('gives the whole lines at the end of the last bytes, whatever the chunks', () => {
    const log = lines(20_000, (i) => `line ${i} ends with },{"pos":1 \n`);
    const bytes = encode(`${JSON.stringify(log)}\n`);
    const half = bytes.length >> 1;
    const tail = linesOf([tailLines([bytes.slice(0, half), bytes.slice(half)])!]);
    expect(tail.length).toBeGreaterThan(250);
    expect(tail).toEqual(log.slice(-tail.length));
  });

  it('gives none for a body of another shape, or with a group marker among them', () => {
    expect(tailLines([encode('null')])).toBeNull();
    expect(tailLines([encode('[{"pos":0,"out":"a"},{"pos":1,"out":"b"}]')])).toBeNull();
    const grouped = lines(400, (i) => (i === 390 ? '::group::build\n' : `line ${i}\n`));
    expect(tailLines([encode(JSON.stringify(grouped))])).toBeNull();
  });
});
