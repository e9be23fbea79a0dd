import type { PlainTextIndex } from './searchScan';

// Searching a whole log, not only the rendered lines. The plain text of the lines (escapes
// stripped, carriage returns resolved, group markers as shown) is kept in blocks of 4,096 lines joined by '\n': one
// RegExp scan over a block is far faster than 4,096 scans of single lines, and a block is the unit
// of work between two yields to the browser (see scanLines). Blocks are built on first use and
// kept: the next query, or the next keystroke, searches the same text again without rebuilding.

// The scan itself (searchScan.ts) loads the first time a log is searched: a build page's first
// screen carries only the matches' bookkeeping (docs/architecture.md 7).

export const BLOCK_LINES = 4096;

/** Where a step's PlainTextIndex is kept between scans, made by the first scan. */
export interface SearchMemo {
  index?: PlainTextIndex;
}

/**
 * Lines that hold matches, with running totals, appended in line order. Immutable to readers like
 * LogLines: `add` shares the backing arrays when this value owns their end, else copies.
 */
export class MatchList {
  private constructor(
    private readonly lines: number[],
    /** Matches up to and including each line. */
    private readonly totals: number[],
    readonly length: number,
  ) {}

  static empty(): MatchList {
    return new MatchList([], [], 0);
  }

  get total(): number {
    return this.length === 0 ? 0 : this.totals[this.length - 1]!;
  }

  add(line: number, count: number): MatchList {
    const owns = this.lines.length === this.length;
    const lines = owns ? this.lines : this.lines.slice(0, this.length);
    const totals = owns ? this.totals : this.totals.slice(0, this.length);
    lines.push(line);
    totals.push(this.total + count);
    return new MatchList(lines, totals, this.length + 1);
  }

  /** The line of the match numbered `ordinal` (0-based) and which of that line's matches it is. */
  locate(ordinal: number): { line: number; occurrence: number } | undefined {
    if (ordinal < 0 || ordinal >= this.total) return undefined;
    let low = 0;
    let high = this.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.totals[middle]! > ordinal) high = middle;
      else low = middle + 1;
    }
    const before = low === 0 ? 0 : this.totals[low - 1]!;
    return { line: this.lines[low]!, occurrence: ordinal - before };
  }

  /** The ordinal of the first match on or after `line`, or `total` when there is none. */
  firstOnOrAfter(line: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.lines[middle]! < line) low = middle + 1;
      else high = middle;
    }
    return low === 0 ? 0 : this.totals[low - 1]!;
  }
}

export interface ScanProgress {
  /** The next line index to search. */
  next: number;
  matches: MatchList;
}
