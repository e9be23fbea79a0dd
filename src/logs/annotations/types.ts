// What the console reads out of a log as annotations (issue 30 item 3): GitHub workflow
// commands, the shapes compilers and test runners print, and a repository's own problem matchers.

export type AnnotationLevel = 'error' | 'warning' | 'notice';

/** Something the log says went wrong (or deserves a look), found on one of its lines. */
export interface Annotation {
  level: AnnotationLevel;
  message: string;
  title?: string;
  /** The source file and position it names, when it names one. */
  file?: string;
  line?: number;
  column?: number;
  /** Who found it: `workflow` (a `::error::` command) or a matcher's owner (`go`, `tap`...). */
  source: string;
  /** Index of the first log line that carries it. */
  index: number;
  /** That line's number in the log (pos + 1): what `#L` links name. */
  number: number;
  /** How many lines carried the same annotation (deduplicated). */
  count: number;
}

/** The lines an extractor reads: LogLines, or any list of raw `out` texts with their `pos`. */
export interface AnnotatedSource {
  readonly length: number;
  outAt(index: number): string;
  posAt(index: number): number;
}

/** Levels from a matcher's or a command's word ("warn", "Warning", "info"...). */
export function levelOf(word: string | undefined, fallback: AnnotationLevel): AnnotationLevel {
  const lower = (word ?? '').toLowerCase();
  if (lower.startsWith('warn')) return 'warning';
  if (lower.startsWith('note') || lower.startsWith('notice') || lower.startsWith('info'))
    return 'notice';
  if (lower.startsWith('err') || lower.startsWith('fatal')) return 'error';
  return fallback;
}
