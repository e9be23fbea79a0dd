import { diffArrays } from 'diff';
import { searchText } from './escapes';
import { maskedLine } from './diffMask';
import { isErrorText } from './firstError';

// Issue 30 item 5: a failed step's log beside the same step's log in a green build. Lines are
// compared masked (diffMask.ts) with jsdiff's Myers diff (`diffArrays`); what is shown is each
// changed run with CONTEXT_LINES of unchanged lines around it, the unchanged runs between them
// collapsed to a count, and the first line the failed log added that reads as an error.

/** Unchanged lines shown before and after each change, as `diff -U3` does. */
export const CONTEXT_LINES = 3;
/** The most rows the hunks hold: a log that changed everywhere is not drawn line by line. */
export const MAX_SHOWN_ROWS = 2000;
/**
 * Beyond this many changed lines among those both logs hold (moved rather than new: runsOf) the
 * logs are not compared: the diff's cost grows with its square.
 */
export const MAX_CHANGED_LINES = 3000;

export type DiffRowKind = 'same' | 'added' | 'removed';

export interface DiffRow {
  kind: DiffRowKind;
  /** 1-based line in the green build's log (absent for an added line). */
  before?: number;
  /** 1-based line in the failed build's log (absent for a removed line). */
  after?: number;
  /** The line as a reader sees it (escapes removed), unmasked. */
  text: string;
}

export interface DiffHunk {
  /** Unchanged lines collapsed before this hunk. */
  skipped: number;
  rows: DiffRow[];
}

export interface LogDiff {
  hunks: DiffHunk[];
  /** Unchanged lines collapsed after the last hunk. */
  skippedAfter: number;
  /** Lines only the failed log has, and lines only the green one has. */
  added: number;
  removed: number;
  /** The first added line that reads as an error (firstError.ts), 1-based in the failed log. */
  firstNewError: { line: number; text: string } | null;
  /** Rows were left out past MAX_SHOWN_ROWS. */
  truncated: boolean;
  /** More than MAX_CHANGED_LINES changed: not compared. */
  tooDifferent: boolean;
}

/**
 * Each distinct masked line as a number, so the diff compares numbers rather than strings. A line
 * seen before as it came (blank lines, repeated output) is not masked again.
 */
function interned(before: readonly string[], after: readonly string[]): [number[], number[]] {
  const ids = new Map<string, number>();
  const seen = new Map<string, number>();
  const id = (out: string) => {
    let known = seen.get(out);
    if (known !== undefined) return known;
    const text = maskedLine(out);
    known = ids.get(text);
    if (known === undefined) ids.set(text, (known = ids.size));
    seen.set(out, known);
    return known;
  };
  return [before.map(id), after.map(id)];
}

interface Run {
  kind: DiffRowKind;
  count: number;
}

/** The indexes of the lines whose id the other side holds. */
function indexesOf(ids: readonly number[], other: ReadonlySet<number>): number[] {
  const kept: number[] = [];
  for (let index = 0; index < ids.length; index++) if (other.has(ids[index]!)) kept.push(index);
  return kept;
}

/**
 * The runs of same, removed and added lines. A line that has no equal on the other side is a
 * change whatever the alignment, so it is set aside before the diff and put back after, as GNU
 * diff does (`discard_confusing_lines`): a failed log that stopped early against a green one
 * 40,000 lines longer is then a short diff, not 40,000 edits for Myers' algorithm to walk.
 */
function runsOf(left: number[], right: number[]): Run[] | undefined {
  const inLeft = new Set(left);
  const inRight = new Set(right);
  const keptLeft = indexesOf(left, inRight);
  const keptRight = indexesOf(right, inLeft);
  const changes = diffArrays(
    keptLeft.map((index) => left[index]!),
    keptRight.map((index) => right[index]!),
    { maxEditLength: MAX_CHANGED_LINES },
  );
  if (!changes) return undefined;
  const runs: Run[] = [];
  const add = (kind: DiffRowKind, count: number) => {
    if (count === 0) return;
    const last = runs.at(-1);
    if (last?.kind === kind) last.count += count;
    else runs.push({ kind, count });
  };
  // Walk both logs from one pair of equal lines to the next.
  let [b, a, kb, ka] = [0, 0, 0, 0];
  const matchUpTo = (nextB: number, nextA: number) => {
    add('removed', nextB - b);
    add('added', nextA - a);
  };
  for (const change of changes) {
    if (change.removed) kb += change.count;
    else if (change.added) ka += change.count;
    else {
      for (let k = 0; k < change.count; k++) {
        matchUpTo(keptLeft[kb]!, keptRight[ka]!);
        add('same', 1);
        b = keptLeft[kb++]! + 1;
        a = keptRight[ka++]! + 1;
      }
    }
  }
  matchUpTo(left.length, right.length);
  return runs;
}

/** The green log (`before`) against the failed one (`after`), each a list of raw `out` texts. */
export function diffLogs(before: readonly string[], after: readonly string[]): LogDiff {
  const runs = runsOf(...interned(before, after));
  if (!runs) {
    const hunks: DiffHunk[] = [];
    return {
      hunks,
      skippedAfter: 0,
      added: 0,
      removed: 0,
      truncated: false,
      firstNewError: null,
      tooDifferent: true,
    };
  }
  return {
    ...hunksOf(runs, before, after),
    firstNewError: firstNewError(runs, after),
    tooDifferent: false,
  };
}

function firstNewError(runs: readonly Run[], after: readonly string[]): LogDiff['firstNewError'] {
  let line = 0;
  for (const run of runs) {
    if (run.kind === 'removed') continue;
    if (run.kind === 'added') {
      for (let index = line; index < line + run.count; index++) {
        const text = searchText(after[index]!);
        if (isErrorText(text)) return { line: index + 1, text };
      }
    }
    line += run.count;
  }
  return null;
}

/** The runs as hunks: changes with their context, unchanged runs between them collapsed. */
function hunksOf(runs: readonly Run[], before: readonly string[], after: readonly string[]) {
  const hunks: DiffHunk[] = [];
  let current: DiffHunk | null = null;
  let skipped = 0;
  let shown = 0;
  let b = 0;
  let a = 0;
  let added = 0;
  let removed = 0;
  const push = (row: DiffRow) => {
    if (shown++ < MAX_SHOWN_ROWS) current!.rows.push(row);
  };
  const same = (count: number) => {
    for (let k = 0; k < count; k++) push({ kind: 'same', before: ++b, after: ++a, text: text(a) });
  };
  const text = (line: number) => searchText(after[line - 1]!);
  const open = () => {
    if (shown >= MAX_SHOWN_ROWS) return;
    current = { skipped, rows: [] };
    hunks.push(current);
    skipped = 0;
  };
  runs.forEach((run, index) => {
    if (run.kind === 'added' || run.kind === 'removed') {
      if (!current) open();
      for (let k = 0; k < run.count; k++) {
        if (run.kind === 'added') push({ kind: 'added', after: ++a, text: text(a) });
        else push({ kind: 'removed', before: ++b, text: searchText(before[b - 1]!) });
      }
      if (run.kind === 'added') added += run.count;
      else removed += run.count;
      return;
    }
    const hasNext = index < runs.length - 1;
    const head = current ? Math.min(CONTEXT_LINES, run.count) : 0;
    if (current && hasNext && run.count <= 2 * CONTEXT_LINES) return same(run.count);
    const tail = hasNext ? Math.min(CONTEXT_LINES, run.count - head) : 0;
    same(head);
    current = null;
    skipped = run.count - head - tail;
    b += skipped;
    a += skipped;
    if (tail > 0) {
      open();
      same(tail);
    }
  });
  // Rows past the cap were counted, not kept: a hunk opened after it stays empty.
  return {
    hunks: hunks.filter((hunk) => hunk.rows.length > 0),
    skippedAfter: current ? 0 : skipped,
    added,
    removed,
    truncated: shown > MAX_SHOWN_ROWS,
  };
}
