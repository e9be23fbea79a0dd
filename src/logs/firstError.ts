import { searchText } from './escapes';
import { runInSlices, yieldToBrowser, type Schedule } from './slices';

// The first line of a log that reads as an error (issue 30 item 1: a failed build opens on it).
// Plain patterns on the text a reader sees (escapes removed), checked line by line from the top;
// a later session grows this into annotations. Lines that only mention a count of errors
// ("0 errors", "no errors") do not match.

const ERROR_PATTERNS: readonly RegExp[] = [
  // Test runners and tools.
  /^\s*(?:---\s*)?FAIL\b/, // go test, gotestsum, jest ("FAIL src/app.test.ts")
  /^\s*not ok\b/, // TAP
  /^\s*[✘✗]\s/, // Playwright, mocha
  /^\s*[1-9]\d* failed\b/, // Playwright's summary
  /^\s*npm ERR!/,
  /^\s*panic:/, // Go
  /^\s*Traceback \(most recent call last\)/, // Python
  /^\s*(?:fatal|FATAL)(?::|\b)/,
  // "Error: ...", "TypeError: ...", "error: ...", "[error] ...", a log level "ERROR".
  /(?:^|\s|\[)(?:[A-Z][A-Za-z]*)?Error:/,
  /(?:^|\s)error:/,
  /^\s*error\b/,
  /\[(?:error|ERROR)\]/,
  /(?:^|\s)ERROR(?:\s|:|$)/,
  /^\s*\d+:\d+\s+error\s/, // ESLint's "  42:7  error  ..."
  // "exit code 2", "exited with code 1", "Process completed with exit code 127".
  /\bexit(?:ed with)? (?:code|status) [1-9]\d*/i,
  /\bExit Code [1-9]\d*/,
];

/** Lines that mention errors without being one ("0 errors", "no errors found"). */
const NOT_AN_ERROR = /\b(?:0|no|zero) errors?\b/i;

/** Whether one line of plain text reads as an error. */
export function isErrorText(text: string): boolean {
  if (NOT_AN_ERROR.test(text)) return false;
  return ERROR_PATTERNS.some((pattern) => pattern.test(text));
}

/** The lines a finder reads: LogLines, or any list of `out` texts. */
export interface LineSource {
  readonly length: number;
  outAt(index: number): string;
}

/** The index of the first error line, or -1 when no line reads as one. */
export function firstErrorLine(lines: LineSource, from = 0): number {
  for (let index = from; index < lines.length; index++) {
    if (isErrorText(searchText(lines.outAt(index)))) return index;
  }
  return -1;
}

/** Lines looked at between two checks of the slice's time. */
const CHECKED_AT_ONCE = 1024;

/**
 * firstErrorLine in slices of a few milliseconds (slices.ts): a million lines without an error
 * took 350-530 ms in one task. Stops at `signal`'s abort, never settling then.
 */
export function firstErrorLineInSlices(
  lines: LineSource,
  signal?: AbortSignal,
  schedule: Schedule = yieldToBrowser,
): Promise<number> {
  return new Promise((resolve) => {
    let next = 0;
    const stop = runInSlices((shouldYield) => {
      while (next < lines.length) {
        const until = Math.min(lines.length, next + CHECKED_AT_ONCE);
        const found = firstErrorLine({ length: until, outAt: (index) => lines.outAt(index) }, next);
        if (found >= 0) {
          resolve(found);
          return true;
        }
        next = until;
        if (shouldYield()) return false;
      }
      resolve(-1);
      return true;
    }, schedule);
    signal?.addEventListener('abort', stop);
  });
}
