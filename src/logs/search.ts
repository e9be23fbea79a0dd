import type { TextRange } from './escapes';

// A log search query: plain text by default, or a regular expression; case-insensitive unless
// asked. Compiled once per query into a global, multiline RegExp, used both on whole blocks of
// lines (the search index) and on one rendered line (highlighting).

export interface SearchQuery {
  text: string;
  regex: boolean;
  caseSensitive: boolean;
}

export type CompiledSearch =
  | { ok: true; pattern: RegExp; query: SearchQuery }
  | { ok: false; error: string; query: SearchQuery };

const SPECIAL = /[.*+?^${}()|[\]\\/-]/g;

/** The message shown for a pattern the browser rejects ('Invalid regular expression: ...'). */
export function invalidRegexMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  // V8 says "Invalid regular expression: /(/gm: Unterminated group": keep the reason only.
  const reason = raw.slice(raw.lastIndexOf(': ') + 2) || raw;
  return `Invalid regular expression: ${reason}`;
}

/** Compiles a query; null for an empty one (nothing to search). Never throws. */
export function compileSearch(query: SearchQuery): CompiledSearch | null {
  if (query.text === '') return null;
  const flags = query.caseSensitive ? 'gm' : 'gim';
  if (!query.regex) {
    return { ok: true, pattern: new RegExp(query.text.replace(SPECIAL, '\\$&'), flags), query };
  }
  try {
    return { ok: true, pattern: new RegExp(query.text, flags), query };
  } catch (error) {
    return { ok: false, error: invalidRegexMessage(error), query };
  }
}

/**
 * Calls `found(start, end)` for every non-empty match in `text` from `from`, up to `limit`
 * (exclusive). Empty matches (`a*`, `^`) are skipped: they cannot be shown or stepped through.
 */
export function eachMatch(
  pattern: RegExp,
  text: string,
  found: (start: number, end: number) => void,
  from = 0,
): void {
  pattern.lastIndex = from;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      pattern.lastIndex = match.index + 1;
      continue;
    }
    found(match.index, match.index + match[0].length);
  }
}

/** The matches of a compiled search inside one line's plain text (for highlighting). */
export function matchRanges(pattern: RegExp, text: string): TextRange[] {
  const ranges: TextRange[] = [];
  eachMatch(pattern, text, (start, end) => ranges.push({ start, end }));
  return ranges;
}
