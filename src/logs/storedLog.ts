import type { Line } from '../api/types';

// A stored step log (CONTRACT.md 6: the JSON array of lines, or `null`) parsed as its bytes
// arrive, so a million-line log never waits for its last byte before parsing starts, and never
// needs one JSON.parse of a hundred megabytes. Lines come out as parallel columns (no object per
// line), which is also what a worker can post cheaply.

export interface LineColumns {
  pos: number[];
  out: string[];
  time: number[];
}

/** User Timing mark of a stored log read (DevTools' Performance panel, `npm run bench`). */
export const LOG_READ_MARK = 'drone-console: stored log read';

export const emptyColumns = (): LineColumns => ({ pos: [], out: [], time: [] });

/** Text gathered before trying to parse the complete lines in it. */
const PARSE_AT = 1 << 20;

function isLine(value: unknown): value is Line {
  const line = value as Partial<Line> | null;
  return typeof line?.pos === 'number' && Number.isFinite(line.pos) && typeof line.out === 'string';
}

export class StoredLogParser {
  private columns = emptyColumns();
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
      this.add(JSON.parse(`[${this.pending}`) as unknown[]);
    } else {
      const value: unknown = JSON.parse(this.pending);
      if (Array.isArray(value)) this.add(value);
      // A step that printed nothing stores `null`.
      else if (value !== null)
        throw new Error(`Unexpected log data: ${this.pending.slice(0, 120)}`);
    }
    this.pending = '';
  }

  /** Lines parsed and not taken yet. */
  get parsed(): number {
    return this.columns.pos.length;
  }

  /** The lines parsed since the last call. */
  take(): LineColumns {
    const taken = this.columns;
    this.columns = emptyColumns();
    return taken;
  }

  /**
   * Parses the lines before the last `},{"` in the pending text. Inside a JSON string every `"` is
   * escaped, so that sequence can only sit inside a string when the string ends with `},{`: then
   * the prefix ends inside a string, JSON.parse fails, and the text waits for the next attempt
   * (or the end). A prefix that parses is exactly the complete lines before it.
   */
  private parseComplete(): void {
    const cut = this.pending.lastIndexOf('},{"');
    if (cut > 0) {
      try {
        this.add(JSON.parse(`[${this.pending.slice(0, cut + 1)}]`) as unknown[]);
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

  private add(values: unknown[]): void {
    const { pos, out, time } = this.columns;
    for (const value of values) {
      // Entries that are not lines are dropped, as the line store drops them.
      if (!isLine(value)) continue;
      pos.push(value.pos);
      out.push(value.out);
      time.push(typeof value.time === 'number' ? value.time : 0);
    }
  }
}

/**
 * Runs a body through `parser` chunk by chunk, to its end; `afterChunk` may take the lines
 * parsed so far (the worker posts them in batches). Throws the parser's message.
 */
export async function parseBody(
  body: ReadableStream<Uint8Array> | null,
  parser: StoredLogParser,
  afterChunk: () => void = () => undefined,
): Promise<void> {
  const decoder = new TextDecoder();
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      afterChunk();
    }
  }
  parser.push(decoder.decode());
  parser.end();
}
