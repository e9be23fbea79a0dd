import { describe, expect, it } from 'vitest';
import { goJson } from '../../mock-server/gojson';
import { mayHoldMarker } from './groups';
import { OutColumn, type LineBatch } from './outColumn';
import { scanGoLines } from './storedLog';

/** A column as a stored log gives it: Go's JSON, in batches of `perBatch` lines. */
function storedColumn(texts: readonly string[], perBatch = 2): OutColumn {
  const batches: LineBatch[] = [];
  for (let first = 0; first < texts.length; first += perBatch) {
    const lines = texts
      .slice(first, first + perBatch)
      .map((out, k) => ({ pos: first + k, out, time: 0 }));
    batches.push(scanGoLines(goJson(lines).slice(1, -1))!);
  }
  return OutColumn.fromBatches(batches);
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

describe('OutColumn', () => {
  it('reads back every line of a stored log, whatever its batches', () => {
    for (const perBatch of [1, 3, TEXTS.length]) {
      const column = storedColumn(TEXTS, perBatch);
      expect(Array.from({ length: column.length }, (_, k) => column.at(k))).toEqual(TEXTS);
    }
  });

  it('gives the lines its batches marked as holding a marker word, in a range', () => {
    for (const perBatch of [1, 2, 4, TEXTS.length]) {
      const column = storedColumn(TEXTS, perBatch);
      const all = column.markedLines(0, column.length, () => true);
      expect(all).toEqual([1, 3, 4, 5]);
      expect(column.markedLines(2, 4, () => true)).toEqual([3]);
      expect(column.markedLines(4, 99, () => true)).toEqual([4, 5]);
      expect(all.every((k) => mayHoldMarker(column.at(k)))).toBe(true);
    }
  });

  it('searches lines pushed after the stored ones, and a copy keeps only its own', () => {
    const column = storedColumn(TEXTS.slice(0, 3));
    column.push('::endgroup::\n');
    const copy = column.copy(2);
    column.push('::group::later\n');
    expect(column.markedLines(0, 5, mayHoldMarker)).toEqual([1, 3, 4]);
    expect(copy.length).toBe(2);
    expect(copy.markedLines(0, 5, mayHoldMarker)).toEqual([1]);
    expect(copy.at(2)).toBe('');
  });
});
