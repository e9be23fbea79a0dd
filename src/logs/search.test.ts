import { describe, expect, it } from 'vitest';
import { LogLines } from './lineStore';
import { compileSearch, matchRanges, type SearchQuery } from './search';
import { BLOCK_LINES, MatchList } from './searchIndex';
import { PlainTextIndex, scanLines } from './searchScan';

const ESC = '\x1b';
const logOf = (texts: string[]) =>
  LogLines.from(texts.map((text, pos) => ({ pos, out: `${text}\n`, time: pos })));
const query = (text: string, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  text,
  regex: false,
  caseSensitive: false,
  ...extra,
});

/** Every match of a query over a whole log, as [line index, occurrence count] pairs. */
function search(lines: LogLines, q: SearchQuery, index = new PlainTextIndex()) {
  const compiled = compileSearch(q);
  if (!compiled?.ok) throw new Error('query does not compile');
  const { matches, next } = scanLines(lines, index, compiled.pattern, start(), () => false);
  expect(next).toBe(lines.length);
  return pairs(matches);
}
const start = () => ({ next: 0, matches: MatchList.empty() });
function pairs(matches: MatchList) {
  const result: Array<[number, number]> = [];
  for (let ordinal = 0; ordinal < matches.total; ordinal++) {
    const { line, occurrence } = matches.locate(ordinal)!;
    if (occurrence === 0) result.push([line, 1]);
    else result[result.length - 1]![1] += 1;
  }
  return result;
}

describe('compileSearch', () => {
  it('is null for an empty query', () => {
    expect(compileSearch(query(''))).toBeNull();
  });

  it('treats plain text literally', () => {
    const compiled = compileSearch(query('a.b (c)*'));
    expect(compiled?.ok).toBe(true);
    if (compiled?.ok) {
      expect(matchRanges(compiled.pattern, 'xa.b (c)* a-b (c)')).toEqual([{ start: 1, end: 9 }]);
    }
  });

  it('explains an invalid regular expression instead of throwing', () => {
    expect(compileSearch(query('(unclosed', { regex: true }))).toEqual({
      ok: false,
      error: 'Invalid regular expression: Unterminated group',
      query: query('(unclosed', { regex: true }),
    });
    expect(compileSearch(query('(unclosed'))?.ok).toBe(true);
  });

  it('skips empty matches', () => {
    const compiled = compileSearch(query('x*', { regex: true }));
    if (!compiled?.ok) throw new Error('compiles');
    expect(matchRanges(compiled.pattern, 'axxbx')).toEqual([
      { start: 1, end: 3 },
      { start: 4, end: 5 },
    ]);
  });
});

describe('searching a whole log', () => {
  const lines = logOf([
    'Error: first',
    'no match here',
    'error error ERROR',
    `${ESC}[31mERR${ESC}[0mOR in red`,
    'progress 10%\rprogress 100% error',
  ]);

  it('finds plain text, case-insensitively by default, with counts per line', () => {
    expect(search(lines, query('error'))).toEqual([
      [0, 1],
      [2, 3],
      [3, 1],
      [4, 1],
    ]);
  });

  it('matches case when asked', () => {
    expect(search(lines, query('ERROR', { caseSensitive: true }))).toEqual([
      [2, 1],
      [3, 1],
    ]);
  });

  it('matches across ANSI colour codes and on the text left by carriage returns', () => {
    expect(search(lines, query('ERROR in red'))).toEqual([[3, 1]]);
    expect(search(lines, query('100% error'))).toEqual([[4, 1]]);
    // Overwritten by the carriage return: not on screen, so not found.
    expect(search(lines, query('progress 10%'))).toEqual([]);
    expect(search(lines, query('[31m'))).toEqual([]);
  });

  it('runs regular expressions per line (anchors, classes), never across two lines', () => {
    expect(search(lines, query('^error', { regex: true }))).toEqual([
      [0, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(search(lines, query('first\\s+no', { regex: true }))).toEqual([]);
    expect(search(lines, query('r{2}or$', { regex: true, caseSensitive: true }))).toEqual([[4, 1]]);
  });

  it('finds a line deep in a long log, across block boundaries', () => {
    const count = BLOCK_LINES * 2 + 10;
    const long = logOf(
      Array.from({ length: count }, (_, i) => `line ${String(i).padStart(6, '0')}`),
    );
    expect(search(long, query('line 008200'))).toEqual([[8200, 1]]);
    expect(search(long, query(`line 00${BLOCK_LINES * 2 + 9}`))).toEqual([
      [BLOCK_LINES * 2 + 9, 1],
    ]);
  });

  it('stops when the time slice is used up and resumes where it stopped', () => {
    const count = BLOCK_LINES * 3;
    const long = logOf(Array.from({ length: count }, (_, i) => (i % 1000 === 0 ? 'hit' : 'miss')));
    const compiled = compileSearch(query('hit'));
    if (!compiled?.ok) throw new Error('compiles');
    const index = new PlainTextIndex();
    let progress = scanLines(long, index, compiled.pattern, start(), () => true);
    expect(progress.next).toBe(BLOCK_LINES);
    expect(progress.matches.total).toBe(5);
    progress = scanLines(long, index, compiled.pattern, progress, () => false);
    expect(progress.next).toBe(count);
    expect(progress.matches.total).toBe(13);
  });

  it('counts new matches incrementally as a streaming log grows', () => {
    const index = new PlainTextIndex();
    const compiled = compileSearch(query('deploy'));
    if (!compiled?.ok) throw new Error('compiles');
    const first = logOf(['deploy 1', 'wait']);
    let progress = scanLines(first, index, compiled.pattern, start(), () => false);
    expect(progress.matches.total).toBe(1);
    const grown = first.append([
      { pos: 2, out: 'deploy 2, deploy 3\n', time: 2 },
      { pos: 3, out: 'done\n', time: 3 },
    ]);
    progress = scanLines(grown, index, compiled.pattern, progress, () => false);
    expect(pairs(progress.matches)).toEqual([
      [0, 1],
      [2, 2],
    ]);
    // The same index answers a new query over the grown log.
    expect(search(grown, query('DONE'), index)).toEqual([[3, 1]]);
  });
});

describe('MatchList', () => {
  it('locates the nth match and the first match at or after a line', () => {
    const list = MatchList.empty().add(3, 2).add(10, 1).add(42, 3);
    expect(list.total).toBe(6);
    expect(list.locate(0)).toEqual({ line: 3, occurrence: 0 });
    expect(list.locate(1)).toEqual({ line: 3, occurrence: 1 });
    expect(list.locate(2)).toEqual({ line: 10, occurrence: 0 });
    expect(list.locate(5)).toEqual({ line: 42, occurrence: 2 });
    expect(list.locate(6)).toBeUndefined();
    expect(list.firstOnOrAfter(0)).toBe(0);
    expect(list.firstOnOrAfter(4)).toBe(2);
    expect(list.firstOnOrAfter(43)).toBe(6);
  });

  it('keeps older values unchanged when a newer one grows', () => {
    const base = MatchList.empty().add(1, 1);
    const a = base.add(2, 1);
    const b = base.add(5, 4);
    expect(a.total).toBe(2);
    expect(b.total).toBe(5);
    expect(base.total).toBe(1);
    expect(a.locate(1)?.line).toBe(2);
  });
});

describe('group markers', () => {
  const log = logOf([
    '::group::Install deps',
    'npm ci',
    '::endgroup::',
    `${ESC}[0Ksection_start:1700000000:build_app\r${ESC}[0KBuild the app`,
    'make',
    `${ESC}[0Ksection_end:1700000001:build_app\r${ESC}[0K`,
  ]);

  it('are searched as shown: a header by its title, an end marker not at all', () => {
    expect(search(log, query('Install deps'))).toEqual([[0, 1]]);
    expect(search(log, query('Build the app'))).toEqual([[3, 1]]);
    expect(search(log, query('group'))).toEqual([]);
    expect(search(log, query('section_'))).toEqual([]);
    expect(search(log, query('build_app'))).toEqual([]);
  });
});

describe('annotation commands', () => {
  const log = logOf([
    '::error file=src/app.ts,line=3,title=Type check::The build stops here',
    'echo ::error::not a command',
  ]);

  it('are searched as shown: the message, never the hidden command text (issue 30 item 3)', () => {
    expect(search(log, query('build stops'))).toEqual([[0, 1]]);
    expect(search(log, query('file=src'))).toEqual([]);
    expect(search(log, query('Type check'))).toEqual([]);
    // Not at the start of its line: shown, and found, as written.
    expect(search(log, query('::error'))).toEqual([[1, 1]]);
  });
});
