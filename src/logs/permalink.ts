// Line permalinks: `#L5` names line 5, `#L3-L9` lines 3 to 9 (1-based, as the numbers shown).

export interface LineSpan {
  /** First line, 1-based. */
  start: number;
  /** Last line, 1-based, >= start. */
  end: number;
}

const PERMALINK = /^#?L(\d{1,9})(?:-L?(\d{1,9}))?$/;

/** The lines a location hash names, or null when it names none. A reversed range is swapped. */
export function parsePermalink(hash: string): LineSpan | null {
  const match = PERMALINK.exec(hash.trim());
  if (!match) return null;
  const first = Number(match[1]);
  const second = match[2] === undefined ? first : Number(match[2]);
  if (first < 1 || second < 1) return null;
  return { start: Math.min(first, second), end: Math.max(first, second) };
}

export function formatPermalink(span: LineSpan): string {
  return span.start === span.end ? `#L${span.start}` : `#L${span.start}-L${span.end}`;
}

/** Shift+click extends the selection from its first line to `line`. */
export function extendSpan(current: LineSpan | null, line: number): LineSpan {
  if (!current) return { start: line, end: line };
  return { start: Math.min(current.start, line), end: Math.max(current.start, line) };
}
