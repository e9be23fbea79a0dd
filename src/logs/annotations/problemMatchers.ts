import { levelOf, type AnnotationLevel } from './types';

// GitHub's problem-matcher JSON (the file `::add-matcher::` takes): `{ "problemMatcher": [{
// "owner", "severity"?, "pattern": [{ "regexp", "file"?, "line"?, "column"?, "severity"?,
// "message"?, "code"?, "loop"? }] }] }`. Each pattern matches one line, the patterns of a
// matcher consecutive lines; the last may `loop` over the lines that follow, one problem each.

export interface MatcherPattern {
  regexp: string;
  file?: number;
  line?: number;
  column?: number;
  severity?: number;
  message?: number;
  code?: number;
  loop?: boolean;
}

export interface ProblemMatcher {
  owner: string;
  severity?: string;
  pattern: MatcherPattern[];
}

export interface CompiledMatcher {
  owner: string;
  severity: AnnotationLevel;
  patterns: Array<MatcherPattern & { compiled: RegExp }>;
}

/** One problem a matcher found, at the line that completed it. */
export interface Problem {
  owner: string;
  level: AnnotationLevel;
  message: string;
  title?: string;
  file?: string;
  line?: number;
  column?: number;
}

export type MatcherFileResult =
  { ok: true; matchers: CompiledMatcher[] } | { ok: false; error: string };

const GROUPS = ['file', 'line', 'column', 'severity', 'message', 'code'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Compiles one matcher; throws an Error naming what is wrong. */
export function compileMatcher(matcher: ProblemMatcher): CompiledMatcher {
  if (!matcher.owner) throw new Error('a matcher needs an "owner"');
  if (!Array.isArray(matcher.pattern) || matcher.pattern.length === 0)
    throw new Error(`"${matcher.owner}": "pattern" must list at least one pattern`);
  const patterns = matcher.pattern.map((pattern, index) => {
    if (typeof pattern.regexp !== 'string')
      throw new Error(`"${matcher.owner}": pattern ${index + 1} needs a "regexp"`);
    for (const group of GROUPS) {
      const value = pattern[group];
      if (value !== undefined && !(Number.isInteger(value) && value > 0))
        throw new Error(`"${matcher.owner}": "${group}" must be a group number`);
    }
    if (pattern.loop && index !== matcher.pattern.length - 1)
      throw new Error(`"${matcher.owner}": only the last pattern may loop`);
    // GitHub's are ECMAScript expressions too; a bad one says where.
    return { ...pattern, compiled: new RegExp(pattern.regexp) };
  });
  if (!patterns.some((pattern) => pattern.message !== undefined))
    throw new Error(`"${matcher.owner}": one pattern must name the "message" group`);
  return { owner: matcher.owner, severity: levelOf(matcher.severity, 'error'), patterns };
}

/** Reads a problem-matcher file (its JSON text); the error says what is wrong. */
export function parseMatcherFile(text: string): MatcherFileResult {
  try {
    const file = JSON.parse(text) as unknown;
    if (!isRecord(file) || !Array.isArray(file.problemMatcher))
      return { ok: false, error: 'expected { "problemMatcher": [ ... ] }' };
    return { ok: true, matchers: (file.problemMatcher as ProblemMatcher[]).map(compileMatcher) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

type Captures = Partial<Record<(typeof GROUPS)[number], string>>;

function capture(pattern: MatcherPattern, match: RegExpExecArray, into: Captures): Captures {
  const captures = { ...into };
  for (const group of GROUPS) {
    const index = pattern[group];
    if (index !== undefined && match[index] !== undefined) captures[group] = match[index];
  }
  return captures;
}

const positive = (value: string | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

function toProblem(matcher: CompiledMatcher, captures: Captures): Problem | null {
  const message = captures.message?.trim();
  if (!message) return null;
  const problem: Problem = {
    owner: matcher.owner,
    level: levelOf(captures.severity, matcher.severity),
    message,
  };
  if (captures.code) problem.title = captures.code;
  if (captures.file) problem.file = captures.file;
  const line = positive(captures.line);
  const column = positive(captures.column);
  if (line) problem.line = line;
  if (column) problem.column = column;
  return problem;
}

/** One matcher running down a log: where it is in its patterns, what they captured so far. */
export class MatcherRun {
  private step = 0;
  private captures: Captures = {};
  /** What the patterns before a looping last one captured, kept for each loop. */
  private prefix: Captures = {};

  constructor(private readonly matcher: CompiledMatcher) {}

  /** Reads one line's plain text; returns the problem it completes, if any. */
  read(text: string): Problem | null {
    const { patterns } = this.matcher;
    if (this.step > 0) {
      const pattern = patterns[this.step]!;
      const match = pattern.compiled.exec(text);
      if (match) return this.advance(pattern, match);
      // A line that breaks the sequence (or ends a loop) may start the next one.
      this.reset();
    }
    const first = patterns[0]!;
    const match = first.compiled.exec(text);
    return match ? this.advance(first, match) : null;
  }

  private advance(pattern: MatcherPattern, match: RegExpExecArray): Problem | null {
    const { patterns } = this.matcher;
    this.captures = capture(pattern, match, this.captures);
    const last = patterns.length - 1;
    if (this.step < last) {
      this.step++;
      if (this.step === last) this.prefix = this.captures;
      return null;
    }
    const problem = toProblem(this.matcher, this.captures);
    if (pattern.loop && last > 0) this.captures = this.prefix;
    else this.reset();
    return problem;
  }

  private reset() {
    this.step = 0;
    this.captures = {};
    this.prefix = {};
  }
}
