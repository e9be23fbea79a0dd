import { describe, expect, it } from 'vitest';
import { goEncode } from '../../mock-server/gojson';
import { OutColumn } from './outColumn';
import { StoredLogParser } from './storedLog';

/** A column as a stored log gives it: Go's JSON, parsed in pieces of `size` characters. */
function storedColumn(texts: readonly string[], size = 64): OutColumn {
  const parser = new StoredLogParser();
  const body = goEncode(texts.map((out, pos) => ({ pos, out, time: 0 })));
  for (let at = 0; at < body.length; at += size) parser.push(body.slice(at, at + size));
  parser.end();
  return OutColumn.fromBatches(parser.take());
}

const TEXTS = [
  'plain\n',
  '::group::Build\n',
  '\u001b[32mok\u001b[0m\n',
  // Go writes `<` and `&` escaped; another encoder may escape any character.
  '<b>::endgroup::</b>\n',
  'section_start:1700000000:tests\r\u001b[0KTests\n',
  'std::vector is not a marker\n',
  'last',
];
const WORDS = ['::group::', '::endgroup::', 'section_start:'];

describe('OutColumn', () => {
  it('reads back every line of a stored log, whatever its batches', () => {
    for (const size of [5, 64, 10_000]) {
      const column = storedColumn(TEXTS, size);
      expect(Array.from({ length: column.length }, (_, k) => column.at(k))).toEqual(TEXTS);
    }
  });

  it('finds the lines holding a word without decoding the others, in a range', () => {
    const column = storedColumn(TEXTS);
    expect(column.linesContaining(WORDS, 0, column.length)).toEqual([1, 3, 4]);
    expect(column.linesContaining(WORDS, 2, 4)).toEqual([3]);
    expect(column.linesContaining(['vector'], 0, column.length)).toEqual([5]);
    expect(column.linesContaining(['nowhere'], 0, column.length)).toEqual([]);
  });

  it('finds a word a JSON encoder hid behind \\u escapes', () => {
    const parser = new StoredLogParser();
    parser.push(
      '[{"pos":0,"out":"a\\n","time":0},{"pos":1,"out":"\\u003a:group\\u003a:x\\n","time":0}]',
    );
    parser.end();
    const column = OutColumn.fromBatches(parser.take());
    expect(column.at(1)).toBe('::group::x\n');
    expect(column.linesContaining(['::group::'], 0, 2)).toEqual([1]);
  });

  it('searches lines pushed after the stored ones, and a copy keeps only its own', () => {
    const column = storedColumn(TEXTS.slice(0, 3));
    column.push('::endgroup::\n');
    const copy = column.copy(2);
    column.push('::group::later\n');
    expect(column.linesContaining(WORDS, 0, 5)).toEqual([1, 3, 4]);
    expect(copy.length).toBe(2);
    expect(copy.linesContaining(WORDS, 0, 5)).toEqual([1]);
    expect(copy.at(2)).toBe('');
  });
});
