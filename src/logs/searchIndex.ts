import { lineSearchText } from './escapes';
import { shownText } from './groups';
import type { LogLines } from './lineStore';

// Searching a whole log, not only the rendered lines. The plain text of the lines (escapes
// stripped, carriage returns resolved, group markers as shown) is kept in blocks of 4,096 lines joined by '\n': one
// RegExp scan over a block is far faster than 4,096 scans of single lines, and a block is the unit
// of work between two yields to the browser (see scanLines). Blocks are built on first use and
// kept: the next query, or the next keystroke, searches the same text again without rebuilding.

export const BLOCK_LINES = 4096;

interface Block {
  text: string;
  /** Offset in `text` of each line of the block. */
  starts: Int32Array;
  count: number;
  firstPos: number;
  lastPos: number;
}

function lineOfOffset(block: Block, offset: number): number {
  let low = 0;
  let high = block.count - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (block.starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

const lineEnd = (block: Block, line: number) =>
  line + 1 < block.count ? block.starts[line + 1]! - 1 : block.text.length;

/**
 * The blocks of one step's log. A memo, not state: it is only ever filled, and a block is
 * checked against the lines before use. Lines are only appended or merged in by `pos` (LogLines),
 * so a block whose line count and first and last `pos` still match holds the same lines.
 */
export class PlainTextIndex {
  private readonly blocks: Block[] = [];

  block(lines: LogLines, number: number): Block {
    const start = number * BLOCK_LINES;
    const count = Math.min(BLOCK_LINES, lines.length - start);
    const cached = this.blocks[number];
    if (cached && cached.firstPos === lines.posAt(start)) {
      const last = lines.posAt(start + cached.count - 1);
      if (cached.count === count && last === cached.lastPos) return cached;
      // A streaming log's last block grows: extend it rather than start over.
      if (cached.count < count && last === cached.lastPos)
        return this.fill(lines, start, count, cached);
    }
    return this.fill(lines, start, count);
  }

  private fill(lines: LogLines, start: number, count: number, from?: Block): Block {
    const starts = new Int32Array(BLOCK_LINES);
    const parts: string[] = from ? [from.text] : [];
    let offset = 0;
    if (from) {
      starts.set(from.starts.subarray(0, from.count));
      offset = from.text.length + 1;
    }
    const first = from?.count ?? 0;
    const texts = lines.textsAt(start + first, start + count);
    for (let line = first; line < count; line++) {
      // Group markers are searched as shown: a header's title, an end marker not at all.
      const text = shownText(texts[line - first]!, lineSearchText);
      starts[line] = offset;
      offset += text.length + 1;
      parts.push(text);
    }
    const block: Block = {
      text: parts.join('\n'),
      starts,
      count,
      firstPos: lines.posAt(start),
      lastPos: lines.posAt(start + count - 1),
    };
    this.blocks[start / BLOCK_LINES] = block;
    return block;
  }
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

/**
 * Searches `lines` from `progress.next`, one block at a time, until the end or until
 * `shouldYield()` says the time slice is used up. A null pattern only builds the index (warm-up).
 * A match that runs across two lines (a regex with `\s`) is dropped: matches live in one line.
 */
export function scanLines(
  lines: LogLines,
  index: PlainTextIndex,
  pattern: RegExp | null,
  progress: ScanProgress,
  shouldYield: () => boolean,
): ScanProgress {
  let { next, matches } = progress;
  while (next < lines.length) {
    const number = Math.floor(next / BLOCK_LINES);
    const base = number * BLOCK_LINES;
    const block = index.block(lines, number);
    if (pattern) {
      let line = -1;
      let count = 0;
      pattern.lastIndex = block.starts[next - base]!;
      for (let match = pattern.exec(block.text); match; match = pattern.exec(block.text)) {
        const at = lineOfOffset(block, match.index);
        const end = match.index + match[0].length;
        if (match[0].length === 0 || end > lineEnd(block, at)) {
          pattern.lastIndex = match.index + 1;
          continue;
        }
        if (at !== line) {
          if (count > 0) matches = matches.add(base + line, count);
          line = at;
          count = 0;
        }
        count += 1;
      }
      if (count > 0) matches = matches.add(base + line, count);
    }
    next = base + block.count;
    if (shouldYield()) break;
  }
  return { next, matches };
}
