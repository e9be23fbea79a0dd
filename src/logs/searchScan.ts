import { lineSearchText, withoutCommand } from './escapes';
import { shownText } from './groups';
import type { LogLines } from './lineStore';
import { BLOCK_LINES, type ScanProgress } from './searchIndex';

// The scan of a whole log (searchIndex.ts says how), loaded the first time a log is searched.

/** A line's text as the console shows it (LogLine: the command dropped, then the escapes). */
const searchedText = (text: string) => lineSearchText(withoutCommand(text));

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
      // Searched as shown: a group header by its title, an end marker not at all, an annotation
      // command by its message.
      const text = shownText(texts[line - first]!, searchedText);
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
