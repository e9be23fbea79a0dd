// The `out` texts of a step's lines. A stored log arrives as batches: each holds its lines' texts
// laid end to end in one string, with a Uint32Array of where each starts, their `pos` and `time`,
// and which lines may hold a group marker. A Go-written log's texts stay as the JSON strings'
// contents (escaped), the JSON around them dropped: a million-line log is a hundred strings
// holding only its texts, and a line's own string is made, and decoded, only when it is read (a
// row shown, a search). Lines added later (streamed) are plain strings after them.
import { withoutNewline } from './text';

/** Lines of a stored log as the parser hands them over (and the worker posts them). */
export interface LineBatch {
  /** The lines' `out` texts, one after another: JSON strings' contents when `escaped`. */
  text: string;
  escaped: boolean;
  /** Line k's text is text[offsets[k], offsets[k + 1]): one more entry than lines. */
  offsets: Uint32Array;
  pos: Float64Array;
  time: Float64Array;
  /** Lines whose text may hold a group marker (it contains one of MARKER_WORDS), ascending. */
  marked: Int32Array;
}

/** What the column keeps of a batch: the texts (LogLines keeps `pos` and `time`). */
type Texts = Pick<LineBatch, 'text' | 'escaped' | 'offsets' | 'marked'>;

const LETTER_N = 110;

/** The text of line `k` of a batch; with `dropNewline`, without its trailing newline. */
export function batchOut(batch: Texts, k: number, dropNewline = false): string {
  const start = batch.offsets[k]!;
  const end = batch.offsets[k + 1]!;
  const { text } = batch;
  const slash = batch.escaped ? text.indexOf('\\', start) : -1;
  if (slash < 0 || slash >= end) {
    const out = text.slice(start, end);
    return dropNewline ? withoutNewline(out) : out;
  }
  // Most lines hold one escape: the newline that ends them.
  if (slash === end - 2 && text.charCodeAt(end - 1) === LETTER_N) {
    return dropNewline ? text.slice(start, slash) : `${text.slice(start, slash)}\n`;
  }
  let out: string;
  try {
    out = JSON.parse(`"${text.slice(start, end)}"`) as string;
  } catch {
    out = text.slice(start, end); // A broken escape: show what the server sent.
  }
  return dropNewline ? withoutNewline(out) : out;
}

export class OutColumn {
  private constructor(
    private readonly batches: readonly Texts[],
    /** Lines up to the end of each batch. */
    private readonly batchEnds: readonly number[],
    /** Lines held by the batches (a copy may keep fewer than they hold). */
    private readonly stored: number,
    /** The lines after the stored ones. */
    private readonly strings: string[],
  ) {}

  static of(strings: string[]): OutColumn {
    return new OutColumn([], [], 0, strings);
  }

  static fromBatches(batches: readonly LineBatch[]): OutColumn {
    const ends: number[] = [];
    let total = 0;
    for (const batch of batches) ends.push((total += batch.pos.length));
    // Only the texts: the batches' `pos` and `time` are LogLines' to keep.
    const texts = batches.map(({ text, escaped, offsets, marked }) => ({
      text,
      escaped,
      offsets,
      marked,
    }));
    return new OutColumn(texts, ends, total, []);
  }

  get length(): number {
    return this.stored + this.strings.length;
  }

  at(index: number, dropNewline = false): string {
    if (index >= this.stored) {
      const out = this.strings[index - this.stored] ?? '';
      return dropNewline ? withoutNewline(out) : out;
    }
    if (index < 0) return '';
    const batch = this.batchOf(index);
    return batchOut(this.batches[batch]!, index - this.batchStart(batch), dropNewline);
  }

  /** The texts of lines [from, until) without their newlines, read batch by batch. */
  texts(from: number, until: number): string[] {
    const texts: string[] = [];
    let index = Math.max(0, from);
    const storedUntil = Math.min(until, this.stored);
    for (let b = index < storedUntil ? this.batchOf(index) : 0; index < storedUntil; b++) {
      const batch = this.batches[b]!;
      const first = this.batchStart(b);
      const end = Math.min(storedUntil, this.batchEnds[b]!);
      for (; index < end; index++) texts.push(batchOut(batch, index - first, true));
    }
    for (; index < Math.min(until, this.length); index++) texts.push(this.at(index, true));
    return texts;
  }

  /** The batch holding stored line `index`. */
  private batchOf(index: number): number {
    let low = 0;
    let high = this.batchEnds.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.batchEnds[middle]! > index) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  private batchStart(batch: number): number {
    return batch === 0 ? 0 : this.batchEnds[batch - 1]!;
  }

  /** Only for the value that owns the end of this column (LogLines keeps to that). */
  push(text: string): void {
    this.strings.push(text);
  }

  /** A column of the first `count` lines that later pushes do not reach. */
  copy(count: number): OutColumn {
    const stored = Math.min(count, this.stored);
    const strings = this.strings.slice(0, Math.max(0, count - this.stored));
    return new OutColumn(this.batches, this.batchEnds, stored, strings);
  }

  /**
   * Indexes in [from, until) of the lines that may hold a group marker: stored lines as their
   * batch marked them (found in the JSON text, see LineBatch), later ones by `isMarked`.
   */
  markedLines(from: number, until: number, isMarked: (text: string) => boolean): number[] {
    const found: number[] = [];
    const storedUntil = Math.min(until, this.stored);
    let first = 0;
    for (let b = 0; b < this.batches.length && first < storedUntil; b++) {
      for (const k of this.batches[b]!.marked) {
        const index = first + k;
        if (index >= from && index < storedUntil) found.push(index);
      }
      first = this.batchEnds[b]!;
    }
    for (let index = Math.max(from, this.stored); index < Math.min(until, this.length); index++) {
      if (isMarked(this.strings[index - this.stored]!)) found.push(index);
    }
    return found;
  }
}
