import { compileMatcher, type CompiledMatcher, type ProblemMatcher } from './problemMatchers';

// The shapes compilers and test runners print, as problem matchers (the format a repository's
// own use), so one engine reads them all. Python's traceback, whose frames vary in number, is
// read by ./traceback.ts.

export const BUILT_IN_MATCHERS: readonly ProblemMatcher[] = [
  {
    // gcc, clang, rustc's short form, Go vet, many linters: `path:line:col: error: message`.
    owner: 'compiler',
    pattern: [
      {
        regexp:
          '^\\s*([^\\s:][^:]*):(\\d+):(?:(\\d+):)?\\s+(?:fatal\\s+)?(error|warning|note)\\s*:?\\s+(.+)$',
        file: 1,
        line: 2,
        column: 3,
        severity: 4,
        message: 5,
      },
    ],
  },
  {
    // The Go compiler: `./main.go:12:5: undefined: foo`.
    owner: 'go',
    pattern: [
      {
        regexp: '^\\s*((?:\\.{0,2}/)?[\\w./-]+\\.go):(\\d+):(\\d+):\\s+(.+)$',
        file: 1,
        line: 2,
        column: 3,
        message: 4,
      },
    ],
  },
  {
    // TypeScript: `src/app.ts(12,5): error TS2322: Type 'string' ...`.
    owner: 'tsc',
    pattern: [
      {
        regexp: '^\\s*(.+?)\\((\\d+),(\\d+)\\):\\s+(error|warning)\\s+(TS\\d+)\\s*:\\s*(.+)$',
        file: 1,
        line: 2,
        column: 3,
        severity: 4,
        code: 5,
        message: 6,
      },
    ],
  },
  // go test: `--- FAIL: TestOrders (0.02s)`.
  { owner: 'go-test', pattern: [{ regexp: '^\\s*(--- FAIL: \\S+)', message: 1 }] },
  { owner: 'go-panic', pattern: [{ regexp: '^(panic: .+)$', message: 1 }] },
  // npm: the lines that say what failed, not the boilerplate around them (npm 6 to 10).
  {
    owner: 'npm',
    pattern: [
      {
        regexp: '^npm (?:ERR!|error) ((?:code|Exit status|Failed at|Error:?|Missing script)\\b.*)$',
        message: 1,
      },
    ],
  },
  // A shell that cannot find the command (exit code 127): `/bin/sh: golangci-lint: not found`.
  {
    owner: 'shell',
    pattern: [
      {
        regexp: '^(?:/\\S*/)?(?:ba|z|da)?sh: (?:line \\d+: |\\d+: )?(.+: (?:command )?not found)$',
        message: 1,
      },
    ],
  },
  // TAP: `not ok 3 - handles empty input`, not a TODO or a SKIP.
  {
    owner: 'tap',
    pattern: [{ regexp: '^\\s*(not ok\\b(?!.*#\\s*(?:TODO|SKIP)).*)$', message: 1 }],
  },
];

/**
 * What a line must hold for any built-in matcher to match it (all are single-line): most log
 * lines fail this one test and skip the matchers' own expressions.
 */
export const MAY_MATCH_BUILT_IN = /error|warning|note|\.go:|FAIL|panic: |npm |not ok|not found/;

let compiled: CompiledMatcher[] | undefined;

/** The built-in matchers, compiled once. */
export const builtInMatchers = () => (compiled ??= BUILT_IN_MATCHERS.map(compileMatcher));
