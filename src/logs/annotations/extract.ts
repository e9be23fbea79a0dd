import { searchText } from '../escapes';
import { builtInMatchers, MAY_MATCH_BUILT_IN } from './builtIn';
import { MatcherRun, type CompiledMatcher } from './problemMatchers';
import { TracebackReader } from './traceback';
import type { AnnotatedSource, Annotation } from './types';
import { parseWorkflowCommand } from './workflowCommands';

// Reads a log's annotations (issue 30 item 3), with no cap: workflow commands, the built-in
// shapes and a repository's own matchers, deduplicated (same level, place, title and message:
// one annotation, counted). Incremental, so a long log is read in slices.

type Found = Omit<Annotation, 'index' | 'number' | 'count'>;

const keyOf = (found: Found) =>
  [
    found.level,
    found.file ?? '',
    found.line ?? '',
    found.column ?? '',
    found.title ?? '',
    found.message,
  ].join('\u0000');

export class AnnotationScanner {
  private readonly builtIn: MatcherRun[];
  private readonly custom: MatcherRun[];
  private readonly traceback = new TracebackReader();
  private readonly found = new Map<string, Annotation>();
  /** The next line index to read. */
  next = 0;

  constructor(custom: readonly CompiledMatcher[] = []) {
    this.builtIn = builtInMatchers().map((matcher) => new MatcherRun(matcher));
    this.custom = custom.map((matcher) => new MatcherRun(matcher));
  }

  /** Reads lines [next, until) of `lines`. */
  scan(lines: AnnotatedSource, until = lines.length): void {
    for (let index = this.next; index < until; index++) {
      const text = searchText(lines.outAt(index));
      const command = parseWorkflowCommand(text);
      if (command) {
        this.add({ ...command, source: 'workflow' }, lines, index);
        continue;
      }
      const traceback = this.traceback.read(text);
      if (traceback) this.add({ ...traceback, level: 'error', source: 'python' }, lines, index);
      if (MAY_MATCH_BUILT_IN.test(text)) this.match(this.builtIn, text, lines, index);
      this.match(this.custom, text, lines, index);
    }
    this.next = Math.max(this.next, until);
  }

  private match(runs: MatcherRun[], text: string, lines: AnnotatedSource, index: number) {
    for (const run of runs) {
      const problem = run.read(text);
      if (!problem) continue;
      const { owner, ...rest } = problem;
      this.add({ ...rest, source: owner }, lines, index);
    }
  }

  /** What was found so far, in the order of the lines that first carried each. */
  annotations(): Annotation[] {
    return [...this.found.values()].map((annotation) => ({ ...annotation }));
  }

  private add(found: Found, lines: AnnotatedSource, index: number) {
    const key = keyOf(found);
    const known = this.found.get(key);
    if (known) known.count++;
    else this.found.set(key, { ...found, index, number: lines.posAt(index) + 1, count: 1 });
  }
}

/** Every annotation of a whole log at once. */
export function extractAnnotations(
  lines: AnnotatedSource,
  custom: readonly CompiledMatcher[] = [],
): Annotation[] {
  const scanner = new AnnotationScanner(custom);
  scanner.scan(lines);
  return scanner.annotations();
}
