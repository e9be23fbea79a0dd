import { describe, expect, it } from 'vitest';
import { LogLines } from '../lineStore';
import { extractAnnotations } from './extract';
import { parseMatcherFile } from './problemMatchers';
import { parseWorkflowCommand } from './workflowCommands';

const log = (texts: string[], firstPos = 0) =>
  LogLines.from(texts.map((text, index) => ({ pos: firstPos + index, out: `${text}\n`, time: 0 })));

describe('annotations from a log', () => {
  it('reads workflow commands with their properties, escapes undone', () => {
    expect(
      parseWorkflowCommand('::error file=src/a%2Cb.ts,line=12,col=5,title=Type error::Bad%0Atype'),
    ).toEqual({
      level: 'error',
      file: 'src/a,b.ts',
      line: 12,
      column: 5,
      title: 'Type error',
      message: 'Bad\ntype',
    });
    expect(parseWorkflowCommand('::warning::Deprecated')).toEqual({
      level: 'warning',
      message: 'Deprecated',
    });
    expect(parseWorkflowCommand('::group::Build')).toBeNull();
    expect(parseWorkflowCommand('echo ::error::x')).toBeNull();
  });

  it('finds every built-in shape, each at its line, with the line number of its pos', () => {
    const found = extractAnnotations(
      log(
        [
          '::notice title=Cache::restored 3 layers',
          'src/main.c:10:3: error: expected ; before }',
          './cmd/server.go:12:5: undefined: routerx',
          "src/app.ts(4,7): error TS2322: Type 'string' is not assignable",
          '--- FAIL: TestOrders (0.02s)',
          'panic: runtime error: index out of range [3]',
          'npm ERR! code ELIFECYCLE',
          'npm ERR! errno 1',
          'not ok 2 - rejects empty input',
          'not ok 3 - later # TODO',
          'Traceback (most recent call last):',
          '  File "app/main.py", line 8, in <module>',
          '    run()',
          'ValueError: bad input',
        ],
        100,
      ),
    );
    expect(found.map((a) => [a.source, a.level, a.message, a.number])).toEqual([
      ['workflow', 'notice', 'restored 3 layers', 101],
      ['compiler', 'error', 'expected ; before }', 102],
      ['go', 'error', 'undefined: routerx', 103],
      ['tsc', 'error', "Type 'string' is not assignable", 104],
      ['go-test', 'error', '--- FAIL: TestOrders', 105],
      ['go-panic', 'error', 'panic: runtime error: index out of range [3]', 106],
      ['npm', 'error', 'code ELIFECYCLE', 107],
      ['tap', 'error', 'not ok 2 - rejects empty input', 109],
      ['python', 'error', 'bad input', 114],
    ]);
    expect(found[1]).toMatchObject({ file: 'src/main.c', line: 10, column: 3 });
    expect(found[8]).toMatchObject({ title: 'ValueError', file: 'app/main.py', line: 8 });
  });

  it('deduplicates with counts and has no cap', () => {
    const texts = Array.from({ length: 300 }, (_, k) => `::warning file=f${k % 120}.go::unused`);
    const found = extractAnnotations(log([...texts, '::warning file=f0.go::unused']));
    expect(found).toHaveLength(120);
    expect(found[0]).toMatchObject({ file: 'f0.go', count: 4, index: 0 });
    expect(found[119]!.count).toBe(2);
  });

  it("adds a repository's matchers, multi-line ones with a loop included", () => {
    const file = parseMatcherFile(
      JSON.stringify({
        problemMatcher: [
          {
            owner: 'eslint-stylish',
            pattern: [
              { regexp: '^([^\\s].*)$', file: 1 },
              {
                regexp: '^\\s+(\\d+):(\\d+)\\s+(error|warning)\\s+(.*?)\\s\\s+(\\S+)$',
                line: 1,
                column: 2,
                severity: 3,
                message: 4,
                code: 5,
                loop: true,
              },
            ],
          },
        ],
      }),
    );
    if (!file.ok) throw new Error(file.error);
    const found = extractAnnotations(
      log([
        '/src/a.js',
        '  1:10  error    "x" is defined but never used  no-unused-vars',
        '  2:3   warning  Unexpected console statement  no-console',
        'done',
      ]),
      file.matchers,
    ).filter((a) => a.source === 'eslint-stylish');
    expect(found).toEqual([
      expect.objectContaining({
        file: '/src/a.js',
        line: 1,
        column: 10,
        level: 'error',
        title: 'no-unused-vars',
        number: 2,
      }),
      expect.objectContaining({
        file: '/src/a.js',
        line: 2,
        level: 'warning',
        message: 'Unexpected console statement',
        number: 3,
      }),
    ]);
  });

  it('says what is wrong with a matcher file', () => {
    expect(parseMatcherFile('{')).toMatchObject({ ok: false });
    expect(
      parseMatcherFile('{"problemMatcher":[{"owner":"x","pattern":[{"regexp":"("}]}]}'),
    ).toMatchObject({ ok: false });
    expect(
      parseMatcherFile('{"problemMatcher":[{"owner":"x","pattern":[{"regexp":"a"}]}]}'),
    ).toEqual({
      ok: false,
      error: '"x": one pattern must name the "message" group',
    });
  });
});
