import { describe, expect, it } from 'vitest';
import type { Line } from './line';
import { LogLines } from './lineStore';
import { batchOfValues } from './storedLog';

const line = (pos: number, time = pos): Line => ({ pos, out: `line ${pos}\n`, time });
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => line(from + index));
const positions = (lines: LogLines) =>
  Array.from({ length: lines.length }, (_, i) => lines.posAt(i));

describe('LogLines', () => {
  it('appends batches in order and reads lines back by index', () => {
    const lines = LogLines.empty().append(range(0, 3)).append(range(3, 5));
    expect(lines.length).toBe(5);
    expect(positions(lines)).toEqual([0, 1, 2, 3, 4]);
    expect(lines.outAt(2)).toBe('line 2\n');
    expect(lines.timeAt(4)).toBe(4);
    expect(lines.lastPos).toBe(4);
  });

  it('drops lines whose pos is already held (a replayed history)', () => {
    const first = LogLines.empty().append(range(0, 10));
    const replayed = first.append([...range(5, 10), ...range(10, 12)]);
    expect(replayed.length).toBe(12);
    expect(positions(replayed)).toEqual(range(0, 12).map((l) => l.pos));
  });

  it('returns the same value for a batch with nothing new', () => {
    const lines = LogLines.empty().append(range(0, 4));
    expect(lines.append(range(1, 3))).toBe(lines);
    expect(lines.append([])).toBe(lines);
  });

  it('merges out-of-order lines into pos order, filling gaps', () => {
    // The stream replays only its last lines; the stored log then fills the start.
    const streamed = LogLines.empty().append(range(5, 8));
    const filled = streamed.append([line(2), line(0), line(6), line(1), line(3), line(4), line(2)]);
    expect(positions(filled)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(filled.outAt(0)).toBe('line 0\n');
    expect(filled.outAt(7)).toBe('line 7\n');
  });

  it('drops entries that are not lines', () => {
    const odd = [line(0), null, { pos: 'x', out: 'y' }, { pos: 2 }, line(1)] as unknown as Line[];
    expect(positions(LogLines.empty().append(odd))).toEqual([0, 1]);
  });

  it('keeps earlier values unchanged when a later value appends (immutable to readers)', () => {
    const a = LogLines.empty().append(range(0, 2));
    const b = a.append(range(2, 4));
    const c = a.append([line(10)]); // appends from a value that no longer owns the end
    expect(a.length).toBe(2);
    expect(positions(b)).toEqual([0, 1, 2, 3]);
    expect(positions(c)).toEqual([0, 1, 10]);
    expect(b.text()).toBe('line 0\nline 1\nline 2\nline 3\n');
  });

  it('finds lines by pos with a binary search', () => {
    const lines = LogLines.from([line(0), line(4), line(9)]);
    expect(lines.has(4)).toBe(true);
    expect(lines.has(5)).toBe(false);
    expect(lines.indexOf(9)).toBe(2);
  });

  it('holds a large log', () => {
    const big = LogLines.empty().append(range(0, 200_000));
    expect(big.length).toBe(200_000);
    expect(big.append(range(199_990, 200_001)).length).toBe(200_001);
  });

  it('takes parsed batches as they are, and sorts and de-duplicates batches out of order', () => {
    const inOrder = LogLines.fromBatches([
      batchOfValues(range(0, 2)),
      batchOfValues([{ pos: 2, out: 'c\n', time: 1 }]),
    ]);
    expect([inOrder.length, inOrder.outAt(2), inOrder.timeAt(2)]).toEqual([3, 'c\n', 1]);
    expect(inOrder.outAt(3)).toBe('');
    const shuffled = LogLines.fromBatches([batchOfValues([line(2), line(0), line(2)])]);
    expect([shuffled.length, shuffled.posAt(0), shuffled.posAt(1)]).toEqual([2, 0, 2]);
    expect(shuffled.outAt(1)).toBe('line 2\n');
  });

  it('appends streamed lines after a stored log, and an older value keeps its own lines', () => {
    const stored = LogLines.fromBatches([batchOfValues(range(0, 3))]);
    const more = stored.append(range(3, 5));
    expect([more.length, more.outAt(1), more.outAt(4)]).toEqual([5, 'line 1\n', 'line 4\n']);
    const other = stored.append([line(3, 9)]);
    expect([other.outAt(3), other.timeAt(3), more.timeAt(3)]).toEqual(['line 3\n', 9, 3]);
    expect(stored.text()).toBe('line 0\nline 1\nline 2\n');
  });

  it('adds a stored log after streamed lines without repeating them', () => {
    const streamed = LogLines.from(range(0, 5));
    const stored = LogLines.from(range(0, 8));
    const merged = streamed.concat(stored);
    expect(merged.length).toBe(8);
    expect(merged.posAt(7)).toBe(7);
    expect(LogLines.empty().concat(stored)).toBe(stored);
    expect(stored.concat(LogLines.from(range(2, 6)))).toBe(stored);
  });
});
