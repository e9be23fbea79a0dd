import { describe, expect, it } from 'vitest';
import {
  defaultFolds,
  groupsHolding,
  hiddenRanges,
  isFolded,
  linesInGroup,
  tailStart,
  toggleFold,
  windowStart,
  unfold,
  VisibleLines,
} from './folds';
import {
  emptyGroupScan,
  markersIn,
  parseGroupMarker,
  scanGroups,
  shownLog,
  type LogGroup,
} from './groups';
import { LogLines } from './lineStore';

const ESC = '\x1b';
const logOf = (texts: string[], time = (pos: number) => pos) =>
  LogLines.from(texts.map((text, pos) => ({ pos, out: `${text}\n`, time: time(pos) })));
const summary = (lines: LogLines) =>
  scanGroups(lines, emptyGroupScan()).groups.map(({ title, start, end, depth }) => ({
    title,
    start,
    end,
    depth,
  }));

describe('parseGroupMarker', () => {
  it('reads GitHub markers, also behind colour codes', () => {
    expect(parseGroupMarker('::group::Install dependencies\n')).toEqual({
      kind: 'start',
      format: 'github',
      name: 'Install dependencies',
    });
    expect(parseGroupMarker(`${ESC}[36m::endgroup::${ESC}[0m\n`)).toMatchObject({ kind: 'end' });
    expect(parseGroupMarker('echo "::group::"  # not at the start\n')).toBeNull();
  });

  it("reads GitLab sections with their time, name and options behind '\\e[0K' and '\\r'", () => {
    const start = `${ESC}[0Ksection_start:1700000000:build_app[collapsed=true]\r${ESC}[0KBuilding the app\n`;
    expect(parseGroupMarker(start)).toEqual({
      kind: 'start',
      format: 'gitlab',
      name: 'build_app',
      stamp: 1700000000,
      collapsed: true,
    });
    expect(parseGroupMarker(`${ESC}[0Ksection_end:1700000042:build_app\r${ESC}[0K\n`)).toEqual({
      kind: 'end',
      format: 'gitlab',
      name: 'build_app',
      stamp: 1700000042,
    });
  });

  it('ignores ordinary lines', () => {
    expect(parseGroupMarker('+ npm ci\n')).toBeNull();
    expect(parseGroupMarker('section_start without a time\n')).toBeNull();
  });
});

describe('shownLog (Copy log, issue 29 item 5)', () => {
  it("writes a group's header for its start marker and leaves end markers out", () => {
    const lines = logOf([
      'before',
      '::group::Install',
      'npm ci',
      `${ESC}[0Ksection_start:1700000000:build[collapsed=true]\r${ESC}[0KBuild the app`,
      'make',
      `${ESC}[0Ksection_end:1700000010:build\r${ESC}[0K`,
      '::endgroup::',
      '::endgroup::',
      'after',
    ]);
    expect(shownLog(lines)).toBe('before\nInstall\nnpm ci\nBuild the app\nmake\nafter');
  });

  it("writes an annotation command's message without the command, as the screen shows it", () => {
    const lines = logOf(['::error file=a.go,line=3,title=Build::undefined: x', '::notice::done']);
    expect(shownLog(lines)).toBe('undefined: x\ndone');
  });
});

describe('scanGroups', () => {
  it('nests groups and closes the innermost first', () => {
    const lines = logOf([
      '::group::outer',
      'a',
      '::group::inner',
      'b',
      '::endgroup::',
      'c',
      '::endgroup::',
      'd',
    ]);
    expect(summary(lines)).toEqual([
      { title: 'outer', start: 0, end: 6, depth: 0 },
      { title: 'inner', start: 2, end: 4, depth: 1 },
    ]);
  });

  it('leaves an unterminated group open to the end; a stray end marker closes nothing', () => {
    const lines = logOf(['::endgroup::', '::group::tests', 'running', 'FAIL']);
    expect(summary(lines)).toEqual([{ title: 'tests', start: 1, end: -1, depth: 0 }]);
    // Still a marker: listed with the end markers, so it is never shown as a line.
    expect(scanGroups(lines, emptyGroupScan()).ends).toEqual([0]);
  });

  it('lists every end marker and counts markers in a range, never as lines', () => {
    const lines = logOf([
      'a', // 0
      '::group::one', // 1
      'b', // 2
      `${ESC}[0Ksection_start:100:deps\r${ESC}[0KInstall`, // 3
      'c', // 4
      `${ESC}[0Ksection_end:160:deps\r${ESC}[0K`, // 5
      '::endgroup::', // 6
      'd', // 7
    ]);
    const scan = scanGroups(lines, emptyGroupScan());
    expect(scan.ends).toEqual([5, 6]);
    expect(markersIn(scan, 0, lines.length)).toBe(4);
    expect(markersIn(scan, 2, 6)).toBe(2);
    expect(markersIn(scan, 7, 8)).toBe(0);
    expect(markersIn(scan, 5, 5)).toBe(0);
    const [one, deps] = scan.groups as [LogGroup, LogGroup];
    expect(linesInGroup(scan, one, lines.length)).toBe(2);
    expect(linesInGroup(scan, deps, lines.length)).toBe(1);
  });

  it('closes GitLab sections by name (and what opened inside them), timing them by their stamps', () => {
    const lines = logOf([
      `${ESC}[0Ksection_start:100:deps\r${ESC}[0KInstall`,
      `${ESC}[0Ksection_start:101:inner\r${ESC}[0K`,
      `${ESC}[0Ksection_end:102:other\r${ESC}[0K`,
      `${ESC}[0Ksection_end:160:deps\r${ESC}[0K`,
    ]);
    const { groups } = scanGroups(lines, emptyGroupScan());
    expect(groups.map(({ title, start, end }) => ({ title, start, end }))).toEqual([
      { title: 'Install', start: 0, end: 3 },
      { title: 'inner', start: 1, end: 3 },
    ]);
    expect(groups[0]).toMatchObject({ startTime: 100, endTime: 160, stamped: true });
    expect(groups[0]!.startsCollapsed).toBe(false);
  });

  it('continues over appended lines, closing a group opened in an earlier batch', () => {
    const first = logOf(['::group::build', 'compiling'], (pos) => pos * 10);
    const scan = scanGroups(first, emptyGroupScan());
    expect(scan.groups[0]).toMatchObject({ end: -1, startTime: 0 });
    const grown = first.append([{ pos: 2, out: '::endgroup::\n', time: 25 }]);
    const next = scanGroups(grown, scan);
    expect(next.groups[0]).toMatchObject({ end: 2, endTime: 25 });
    expect(scan.groups[0]!.end).toBe(-1);
    expect(scanGroups(grown, next)).toBe(next);
  });
});

describe('folding', () => {
  const lines = logOf([
    '::group::one', // 0
    'a', // 1
    '::group::nested', // 2
    'b', // 3
    '::endgroup::', // 4
    '::endgroup::', // 5
    'c', // 6
    '::group::open', // 7
    'd', // 8
  ]);
  const scan = scanGroups(lines, emptyGroupScan());
  const [one, nested, open] = scan.groups as [LogGroup, LogGroup, LogGroup];

  it('folds ended GitHub groups by default, never an open one', () => {
    const folds = defaultFolds();
    expect([one, nested, open].map((group) => isFolded(group, folds))).toEqual([true, true, false]);
    expect(hiddenRanges(scan, folds)).toEqual([[1, 6]]);
  });

  it('maps visible rows to lines without copying them', () => {
    const visible = new VisibleLines(0, lines.length, hiddenRanges(scan, defaultFolds()));
    expect(visible.count).toBe(4);
    expect([0, 1, 2, 3].map((row) => visible.lineAt(row))).toEqual([0, 6, 7, 8]);
    expect(visible.rowOf(6)).toBe(1);
    expect(visible.rowOf(3)).toBe(-1);
  });

  it('unfolds one group, all groups, and the groups holding a line; end markers stay hidden', () => {
    const opened = toggleFold(one, defaultFolds());
    // The nested group's lines and both end markers, as one range.
    expect(hiddenRanges(scan, opened)).toEqual([[3, 6]]);
    const all = { all: 'expanded' as const, toggled: new Map() };
    expect(hiddenRanges(scan, all)).toEqual([[4, 6]]);
    const collapsed = { all: 'collapsed' as const, toggled: new Map() };
    expect(hiddenRanges(scan, collapsed)).toEqual([
      [1, 6],
      [8, Number.POSITIVE_INFINITY],
    ]);
    const revealed = unfold(groupsHolding(scan.groups, 3), defaultFolds());
    expect(hiddenRanges(scan, revealed)).toEqual([[4, 6]]);
    const visible = new VisibleLines(0, lines.length, hiddenRanges(scan, all));
    expect(Array.from({ length: visible.count }, (_, row) => visible.lineAt(row))).toEqual([
      0, 1, 2, 3, 6, 7, 8,
    ]);
    expect(visible.rowOf(4)).toBe(-1);
    expect(visible.rowOf(6)).toBe(4);
  });

  it('takes the last lines as the tail window, markers not counted', () => {
    // Lines 0..8 hold 5 markers (0, 2, 4, 5, 7): the last 3 lines are 3, 6 and 8.
    expect(tailStart(scan, lines.length, 3)).toBe(3);
    expect(tailStart(scan, lines.length, 2)).toBe(6);
    expect(tailStart(scan, lines.length, 100)).toBe(0);
    expect(tailStart(emptyGroupScan(), 1000, 250)).toBe(750);
  });

  it('starts a window inside a folded group at its header', () => {
    const folds = defaultFolds();
    // Line 3 is inside 'one' (folded, 0-5) and 'nested' (2-4): the outer header shows, and
    // stays once the reader unfolds it.
    expect(windowStart(scan.groups, folds, 3)).toBe(0);
    expect(windowStart(scan.groups, toggleFold(one, folds), 3)).toBe(0);
    const expanded = { all: 'expanded' as const, toggled: new Map<number, boolean>() };
    expect(windowStart(scan.groups, expanded, 3)).toBe(3);
    expect(windowStart(scan.groups, toggleFold(nested, expanded), 3)).toBe(2);
    // At or after a group's end marker, or at its header, nothing changes.
    expect(windowStart(scan.groups, folds, 5)).toBe(5);
    expect(windowStart(scan.groups, folds, 7)).toBe(7);
  });

  it('combines folds with the lines shown by default', () => {
    const visible = new VisibleLines(3, lines.length, [[1, 6]]);
    expect(visible.count).toBe(3);
    expect(visible.lineAt(0)).toBe(6);
    expect(visible.rowOf(2)).toBe(-1);
  });

  it('folds a group of 100,000 lines in one range', () => {
    const ranges = hiddenRanges(
      { groups: [{ ...one, start: 10, end: 100_010 }], ends: [100_010] },
      defaultFolds(),
    );
    const visible = new VisibleLines(0, 200_000, ranges);
    expect(visible.count).toBe(200_000 - 100_000);
    expect(visible.lineAt(11)).toBe(100_011);
  });
});
