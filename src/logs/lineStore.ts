import type { Line } from './line';
import { OutColumn, type LineBatch } from './outColumn';

// The raw lines of one step, kept as parallel columns sorted by `pos` (no object per line), so a
// million-line log costs three columns rather than a million objects (and the texts of a stored
// log stay in the batches it arrived in: OutColumn). De-duplicated by `pos`: the
// log stream replays its history on every reconnect, and the stored log repeats streamed lines.
//
// A `LogLines` value is immutable to its readers. Appending returns a new value that shares the
// backing arrays (like a Go slice): an older value keeps its own `length` and so never sees lines
// appended after it. Only the value that owns the end of the backing arrays may push onto them;
// any other append (or an out-of-order merge) copies first. That keeps machine context immutable
// at the cost of one copy in the rare cases, instead of one copy per 250 ms batch.

interface Backing {
  pos: number[];
  out: OutColumn;
  time: number[];
}

/** A value the store can hold as a line (anything else in a log is dropped). */
export function isLine(line: unknown): line is Line {
  const candidate = line as Partial<Line> | null;
  return (
    typeof candidate?.pos === 'number' &&
    Number.isFinite(candidate.pos) &&
    typeof candidate.out === 'string'
  );
}

function emptyBacking(): Backing {
  return { pos: [], out: OutColumn.of([]), time: [] };
}

export class LogLines {
  private constructor(
    private readonly data: Backing,
    /** Number of lines in this value. */
    readonly length: number,
  ) {}

  static empty(): LogLines {
    return new LogLines(emptyBacking(), 0);
  }

  static from(lines: readonly Line[]): LogLines {
    return LogLines.empty().append(lines);
  }

  /** The batches of a stored log; their texts are taken over without copying when in order. */
  static fromBatches(batches: readonly LineBatch[]): LogLines {
    const log = LogLines.storedLog();
    for (const batch of batches) log.add(batch);
    return log.lines();
  }

  /**
   * Gathers a stored log batch by batch as it arrives, so each batch costs a short task (a
   * million lines gathered at the end took one long one); `lines()` once all are in.
   */
  static storedLog(): { add(batch: LineBatch): void; lines(): LogLines } {
    const batches: LineBatch[] = [];
    const pos: number[] = [];
    const time: number[] = [];
    let inOrder = true;
    return {
      add(batch) {
        batches.push(batch);
        for (let k = 0; k < batch.pos.length; k++) {
          inOrder &&= !(batch.pos[k]! <= pos[pos.length - 1]!);
          pos.push(batch.pos[k]!);
          time.push(batch.time[k]!);
        }
      },
      lines() {
        const out = OutColumn.fromBatches(batches);
        if (inOrder) return new LogLines({ pos, out, time }, pos.length);
        return LogLines.empty().append(
          pos.map((value, k) => ({ pos: value, out: out.at(k), time: time[k]! })),
        );
      },
    };
  }

  posAt(index: number): number {
    return this.data.pos[index] ?? -1;
  }

  outAt(index: number): string {
    return index < this.length ? this.data.out.at(index) : '';
  }

  /** The `out` of lines [from, until) without their trailing newlines, read in one pass. */
  textsAt(from: number, until: number): string[] {
    return this.data.out.texts(from, Math.min(until, this.length));
  }

  /** Indexes in [from, until) of the lines that may hold a group marker (OutColumn.markedLines). */
  markedLines(from: number, until: number, isMarked: (out: string) => boolean): number[] {
    return this.data.out.markedLines(from, Math.min(until, this.length), isMarked);
  }

  timeAt(index: number): number {
    return this.data.time[index] ?? 0;
  }

  /** Highest `pos` held, or -1 when empty. */
  get lastPos(): number {
    return this.length === 0 ? -1 : this.posAt(this.length - 1);
  }

  /** True when `pos` is already held (binary search over the sorted positions). */
  has(pos: number): boolean {
    return this.indexOf(pos) >= 0;
  }

  /** Index of `pos`, or -1. */
  indexOf(pos: number): number {
    let low = 0;
    let high = this.length - 1;
    const positions = this.data.pos;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = positions[middle]!;
      if (value === pos) return middle;
      if (value < pos) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /**
   * Adds a batch of lines; lines whose `pos` is already held are dropped. Returns `this` when
   * nothing was new, so callers can tell a no-op batch by identity.
   */
  append(batch: readonly Line[]): LogLines {
    if (batch.length === 0) return this;
    // Fast path: every line is past the end and in order (live streaming, a fresh fetch).
    let last = this.lastPos;
    let inOrder = true;
    for (const line of batch) {
      // Anything odd (out of order, or not a line at all) takes the careful path.
      if (!(line?.pos > last) || typeof line.out !== 'string') {
        inOrder = false;
        break;
      }
      last = line.pos;
    }
    if (inOrder) return this.pushAll(batch);
    return this.merge(batch);
  }

  /** Adds the lines of another value (a stored log after streamed lines); dropped when held. */
  concat(other: LogLines): LogLines {
    if (this.length === 0) return other;
    const lines: Line[] = [];
    for (let k = 0; k < other.length; k++) {
      if (!this.has(other.posAt(k)))
        lines.push({ pos: other.posAt(k), out: other.outAt(k), time: other.timeAt(k) });
    }
    return this.append(lines);
  }

  private pushAll(batch: readonly Line[]): LogLines {
    if (this.length === 0) {
      // A whole stored log at once: `map` allocates each array at its final size.
      const data = {
        pos: batch.map((line) => line.pos),
        out: OutColumn.of(batch.map((line) => line.out)),
        time: batch.map((line) => line.time),
      };
      return new LogLines(data, batch.length);
    }
    const data = this.ownsEnd() ? this.data : this.copy();
    for (const line of batch) {
      data.pos.push(line.pos);
      data.out.push(line.out);
      data.time.push(line.time);
    }
    return new LogLines(data, this.length + batch.length);
  }

  /** Merges an unordered batch: sort its new lines, then one linear merge into fresh arrays. */
  private merge(batch: readonly Line[]): LogLines {
    const seen = new Set<number>();
    const fresh: Line[] = [];
    for (const line of batch) {
      if (!isLine(line) || seen.has(line.pos) || this.has(line.pos)) continue;
      seen.add(line.pos);
      fresh.push(line);
    }
    if (fresh.length === 0) return this;
    fresh.sort((a, b) => a.pos - b.pos);
    const data = emptyBacking();
    let i = 0;
    let j = 0;
    while (i < this.length || j < fresh.length) {
      const next = fresh[j];
      if (next === undefined || (i < this.length && this.posAt(i) < next.pos)) {
        data.pos.push(this.posAt(i));
        data.out.push(this.outAt(i));
        data.time.push(this.timeAt(i));
        i += 1;
      } else {
        data.pos.push(next.pos);
        data.out.push(next.out);
        data.time.push(typeof next.time === 'number' ? next.time : 0);
        j += 1;
      }
    }
    return new LogLines(data, data.pos.length);
  }

  private ownsEnd(): boolean {
    return this.data.pos.length === this.length;
  }

  private copy(): Backing {
    return {
      pos: this.data.pos.slice(0, this.length),
      out: this.data.out.copy(this.length),
      time: this.data.time.slice(0, this.length),
    };
  }

  /** The raw log as the server sent it (each `out` keeps its newline), for download. */
  text(): string {
    const parts: string[] = [];
    for (let index = 0; index < this.length; index++) parts.push(this.outAt(index));
    return parts.join('');
  }
}
