import { isLine } from './lineStore';
import { MARKER_WORDS, mayHoldMarker } from './markerWords';
import type { LineBatch } from './outColumn';

// A stored step log (docs/drone-api.md 6: the JSON array of lines, or `null`) parsed as its bytes
// arrive, so a million-line log never waits for its last byte before parsing starts, and never
// needs one JSON.parse of a hundred megabytes. Go writes each line as `{"pos":N,"out":"…",
// "time":N}`: a scanner finds where each `out` string lies, and the strings' contents are laid end
// to end, still escaped, the JSON around them dropped (OutColumn's LineBatch decodes a line when
// it is read). Text of any other shape goes through JSON.parse.

/** Text gathered before trying to parse the complete lines in it. */
const PARSE_AT = 1 << 20;

/** A batch of lines given as values (JSON.parse's result); entries that are not lines are dropped. */
export function batchOfValues(values: readonly unknown[]): LineBatch {
  const lines = values.filter(isLine);
  const offsets = new Uint32Array(lines.length + 1);
  lines.forEach((line, k) => {
    offsets[k + 1] = offsets[k]! + line.out.length;
  });
  const marked: number[] = [];
  lines.forEach((line, k) => {
    if (mayHoldMarker(line.out)) marked.push(k);
  });
  return {
    text: lines.map((line) => line.out).join(''),
    escaped: false,
    offsets,
    pos: Float64Array.from(lines, (line) => line.pos),
    time: Float64Array.from(lines, (line) => (typeof line.time === 'number' ? line.time : 0)),
    marked: Int32Array.from(marked),
  };
}

/** Index of the last of `count` lines whose `out` starts at or before `offset`. */
function lineAt(offsets: Uint32Array, count: number, offset: number): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (offsets[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The lines of laid-out texts that hold a marker word inside their `out` (ascending). */
function markedLines(text: string, offsets: Uint32Array, count: number): Int32Array {
  const marked = new Set<number>();
  for (const word of MARKER_WORDS) {
    // indexOf is fastest on a character that is rare in logs: search a word's `_` when it has one
    // (three to five times quicker than searching 'section_' itself), then check the word.
    const anchor = Math.max(0, word.indexOf('_'));
    const target = anchor > 0 ? '_' : word;
    for (let at = text.indexOf(target); at >= 0; at = text.indexOf(target, at + 1)) {
      const start = at - anchor;
      if (anchor > 0 && !text.startsWith(word, start)) continue;
      const k = lineAt(offsets, count, start);
      // A word that runs on into the next line's text is in neither.
      if (start + word.length <= offsets[k + 1]!) marked.add(k);
    }
  }
  return Int32Array.from(marked).sort();
}

const COMMA = 44;
const CLOSE_BRACE = 125;
const BACKSLASH = 92;

/** Where the last `integerAt` stopped (a variable rather than a returned pair: no allocation). */
let integerEnd = 0;

/** Reads a non-negative integer at `at`, or -1 when there is none; sets `integerEnd`. */
function integerAt(text: string, at: number): number {
  let value = 0;
  let index = at;
  for (
    let code = text.charCodeAt(index);
    code >= 48 && code <= 57;
    code = text.charCodeAt(++index)
  ) {
    value = value * 10 + code - 48;
  }
  integerEnd = index;
  return index === at ? -1 : value;
}

/** Index of the quote that closes the JSON string whose contents start at `start`, or -1. */
function closingQuote(text: string, start: number): number {
  let quote = text.indexOf('"', start);
  while (quote > 0 && text.charCodeAt(quote - 1) === BACKSLASH) {
    let slash = quote - 1;
    while (text.charCodeAt(slash - 1) === BACKSLASH) slash -= 1;
    if ((quote - slash) % 2 === 0) break; // An even run of backslashes escapes itself.
    quote = text.indexOf('"', quote + 1);
  }
  return quote;
}

/**
 * The lines of `text`, a list of `{"pos":N,"out":"…","time":N}` joined by commas, exactly as Go
 * writes them; null when the text has any other shape.
 */
export function scanGoLines(text: string): LineBatch | null {
  let capacity = Math.max(16, text.length >> 6);
  let bounds = new Int32Array(2 * capacity);
  let pos = new Float64Array(capacity);
  let time = new Float64Array(capacity);
  let count = 0;
  let at = 0;
  while (at < text.length) {
    if (!text.startsWith('{"pos":', at)) return null;
    const line = integerAt(text, at + 7);
    if (line < 0 || !text.startsWith(',"out":"', integerEnd)) return null;
    const start = integerEnd + 8;
    const end = closingQuote(text, start);
    if (end < 0 || !text.startsWith(',"time":', end + 1)) return null;
    const elapsed = integerAt(text, end + 9);
    if (elapsed < 0 || text.charCodeAt(integerEnd) !== CLOSE_BRACE) return null;
    at = integerEnd + 1;
    if (at < text.length && text.charCodeAt(at++) !== COMMA) return null;
    if (count === capacity) {
      capacity *= 2;
      bounds = grown(bounds, 2 * capacity);
      pos = grown(pos, capacity);
      time = grown(time, capacity);
    }
    bounds[2 * count] = start;
    bounds[2 * count + 1] = end;
    pos[count] = line;
    time[count] = elapsed;
    count += 1;
  }
  // A trailing comma is not JSON.
  if (count > 0 && text.charCodeAt(text.length - 1) !== CLOSE_BRACE) return null;
  const laid = laidOut(text, bounds, count);
  if (!laid) return null;
  return {
    ...laid,
    escaped: true,
    pos: pos.slice(0, count),
    time: time.slice(0, count),
    marked: markedLines(laid.text, laid.offsets, count),
  };
}

/** What lies between two lines' `out` contents in Go's JSON (never inside one: `"` is escaped). */
const BETWEEN_LINES = /","time":\d+\},\{"pos":\d+,"out":"/g;

/**
 * The `out` strings' contents found in `text` (line k's at bounds 2k and 2k + 1), laid end to end
 * by dropping the JSON between them in one pass; null if that is not all that lay between them.
 */
function laidOut(text: string, bounds: Int32Array, count: number) {
  const offsets = new Uint32Array(count + 1);
  for (let k = 0; k < count; k++)
    offsets[k + 1] = offsets[k]! + bounds[2 * k + 1]! - bounds[2 * k]!;
  const laid =
    count === 0 ? '' : text.slice(bounds[0], bounds[2 * count - 1]).replace(BETWEEN_LINES, '');
  return laid.length === offsets[count] ? { text: laid, offsets } : null;
}

function grown<T extends Int32Array | Float64Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array);
  return bigger;
}

/** The lines of `text` (entries of a JSON array, without its brackets); throws JSON.parse's error. */
function parseEntries(text: string): LineBatch {
  return scanGoLines(text) ?? batchOfValues(JSON.parse(`[${text}]`) as unknown[]);
}

export class StoredLogParser {
  private batches: LineBatch[] = [];
  private pending = '';
  /** 'start' until the first character; 'array' parses as it goes; 'whole' parses at the end. */
  private mode: 'start' | 'array' | 'whole' = 'start';
  private nextAttempt = PARSE_AT;

  /** Adds decoded text of the body. */
  push(text: string): void {
    this.pending += text;
    if (this.mode === 'start') {
      const body = this.pending.trimStart();
      if (body === '') return;
      // Only an array is parsed as it arrives; anything else (`null`, an error page) at the end.
      this.mode = body.startsWith('[') ? 'array' : 'whole';
      if (this.mode === 'array') this.pending = body.slice(1);
    }
    if (this.mode === 'array' && this.pending.length >= this.nextAttempt) this.parseComplete();
  }

  /** The body ended: parses the rest. Throws the parser's message for a body that is not a log. */
  end(): void {
    // An empty body (no content at all) holds no lines.
    if (this.mode === 'start') return;
    if (this.mode === 'array') {
      const rest = this.pending.trimEnd();
      // `JSON.parse` reports a body that does not end the array.
      if (!rest.endsWith(']')) JSON.parse(`[${this.pending}`);
      this.add(parseEntries(rest.slice(0, -1).trimEnd()));
    } else {
      const value: unknown = JSON.parse(this.pending);
      if (Array.isArray(value)) this.add(batchOfValues(value));
      // A step that printed nothing stores `null`.
      else if (value !== null)
        throw new Error(`Unexpected log data: ${this.pending.slice(0, 120)}`);
    }
    this.pending = '';
  }

  /** The batches of lines parsed since the last call. */
  take(): LineBatch[] {
    const taken = this.batches;
    this.batches = [];
    return taken;
  }

  /**
   * Parses the lines before the last `},{"` in the pending text. Inside a JSON string every `"` is
   * escaped, so that sequence can only sit inside a string when the string ends with `},{`: then
   * the prefix ends inside a string, neither the scanner nor JSON.parse accepts it, and the text
   * waits for the next attempt (or the end). A prefix that parses is exactly the complete lines
   * before it.
   */
  private parseComplete(): void {
    const cut = this.pending.lastIndexOf('},{"');
    if (cut > 0) {
      try {
        this.add(parseEntries(this.pending.slice(0, cut + 1)));
        this.pending = this.pending.slice(cut + 2);
        this.nextAttempt = PARSE_AT;
        return;
      } catch {
        // Not a boundary after all (or a broken body, reported at the end).
      }
    }
    // Grow the next attempt with the text, so a body that never parses costs linear time.
    this.nextAttempt = this.pending.length * 2;
  }

  private add(batch: LineBatch): void {
    if (batch.pos.length > 0) this.batches.push(batch);
  }
}

/**
 * Bytes of a body parsed while it is read; a longer body's rest is parsed once it is all in, its
 * last lines first: on two busy cores, parsing as it came held the body's last byte back (issue
 * 32: a million lines' by 300 ms, 100,000 lines' by 150 ms, their first lines by 50 ms).
 */
export const PARSED_WHILE_READ = 1 << 20;
/** Unparsed bytes at the body's end that have its tail parsed first. */
export const TAIL_FIRST_BACKLOG = 8 << 20;
/** The last bytes a tail is read from: the 250 lines the console shows first, and more. */
const TAIL_BYTES = 1 << 18;

/**
 * The last whole lines of a body whose last bytes are `chunks` (its end included), as Go writes
 * them; null for any other shape, or where a line may hold a group marker (the console's window
 * of its last lines then depends on lines before them).
 */
export function tailLines(chunks: readonly Uint8Array[]): LineBatch | null {
  let first = chunks.length;
  for (let size = 0; first > 0 && size < TAIL_BYTES;) size += chunks[--first]!.length;
  const decoder = new TextDecoder();
  let text = '';
  for (const chunk of chunks.slice(first)) text += decoder.decode(chunk, { stream: true });
  text = (text + decoder.decode()).trimEnd();
  if (!text.endsWith(']')) return null;
  // Inside a string every `"` is escaped: `},{"pos":` only ever starts a line.
  const cut = text.indexOf('},{"pos":');
  const lines = cut < 0 ? null : scanGoLines(text.slice(cut + 2, -1).trimEnd());
  return lines && lines.marked.length === 0 ? lines : null;
}

/**
 * Runs a body through `parser` to its end; `afterChunk` may take the lines parsed so far (the
 * worker posts them in batches). Given `onTail`, only the first PARSED_WHILE_READ bytes are parsed
 * as they arrive, the rest once it is all in; where that rest is TAIL_FIRST_BACKLOG bytes or more,
 * `onTail` gets its last lines first (tailLines), if they can be read alone. Throws the parser's
 * message, or the body's.
 */
export async function parseBody(
  body: ReadableStream<Uint8Array> | null,
  parser: StoredLogParser,
  afterChunk: () => void = () => undefined,
  onTail?: (tail: LineBatch) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  const parse = (chunk: Uint8Array) => {
    parser.push(decoder.decode(chunk, { stream: true }));
    afterChunk();
  };
  const rest: Uint8Array[] = [];
  let received = 0;
  const reader = body?.getReader();
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader!.read()) {
    received += chunk.value.length;
    if (!onTail || received <= PARSED_WHILE_READ) parse(chunk.value);
    else rest.push(chunk.value);
  }
  if (onTail && received - PARSED_WHILE_READ >= TAIL_FIRST_BACKLOG) {
    const tail = tailLines(rest);
    if (tail) onTail(tail);
  }
  // One chunk at a time, so each is let go once parsed.
  for (let chunk = rest.shift(); chunk; chunk = rest.shift()) parse(chunk);
  parser.push(decoder.decode());
  parser.end();
}
