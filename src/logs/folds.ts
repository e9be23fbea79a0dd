import { markersIn, type GroupScan, type LogGroup } from './groups';

// Folding without copying lines: a folded group hides the lines after its start marker, so the
// list shows "visible rows" that map to line indexes through a short list of hidden ranges.
// Building the map costs O(groups); looking a row up costs O(log folded groups). The virtualized
// list asks only for the rows on screen, so rendering stays O(visible) whatever the log's size.

export interface FoldState {
  /** 'expanded' / 'collapsed' after "expand all" / "collapse all"; 'default' follows each group. */
  all: 'default' | 'expanded' | 'collapsed';
  /** Groups the reader toggled since, by key: true = folded. */
  toggled: ReadonlyMap<number, boolean>;
}

export const defaultFolds = (): FoldState => ({ all: 'default', toggled: new Map() });

/**
 * Whether a group is folded. An open group (still streaming, or never ended) starts unfolded,
 * so live output and a failing step's last lines are not hidden.
 */
export function isFolded(group: LogGroup, folds: FoldState): boolean {
  const toggled = folds.toggled.get(group.key);
  if (toggled !== undefined) return toggled;
  if (folds.all !== 'default') return folds.all === 'collapsed';
  return group.end >= 0 && group.startsCollapsed;
}

export function toggleFold(group: LogGroup, folds: FoldState): FoldState {
  const toggled = new Map(folds.toggled);
  toggled.set(group.key, !isFolded(group, folds));
  return { ...folds, toggled };
}

/** Unfolds `groups` (e.g. those holding a line the reader must see). */
export function unfold(groups: readonly LogGroup[], folds: FoldState): FoldState {
  const folded = groups.filter((group) => isFolded(group, folds));
  if (folded.length === 0) return folds;
  const toggled = new Map(folds.toggled);
  for (const group of folded) toggled.set(group.key, false);
  return { ...folds, toggled };
}

/** The groups that contain line `index` (its start marker line excluded: that one stays shown). */
export function groupsHolding(groups: readonly LogGroup[], index: number): LogGroup[] {
  return groups.filter((group) => group.start < index && (group.end < 0 || index <= group.end));
}

/** Half-open ranges [start, end) of hidden line indexes, sorted and disjoint. */
export type HiddenRanges = ReadonlyArray<readonly [number, number]>;

/**
 * Lines hidden: those of folded groups (a group inside a folded one adds nothing) and every end
 * marker (a marker is never shown as a line; a start marker is its group's header).
 */
export function hiddenRanges(
  scan: Pick<GroupScan, 'groups' | 'ends'>,
  folds: FoldState,
): HiddenRanges {
  const folded: Array<[number, number]> = [];
  let hiddenUntil = -1;
  // Groups are listed in order of their start line.
  for (const group of scan.groups) {
    if (group.start < hiddenUntil || !isFolded(group, folds)) continue;
    const end = group.end < 0 ? Number.POSITIVE_INFINITY : group.end + 1;
    folded.push([group.start + 1, end]);
    hiddenUntil = end;
  }
  // Merge in the end markers, joining ranges that touch.
  const ranges: Array<[number, number]> = [];
  const add = (start: number, end: number) => {
    const last = ranges[ranges.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  };
  let next = 0;
  for (const end of scan.ends) {
    while (next < folded.length && folded[next]![0] <= end) add(...folded[next++]!);
    add(end, end + 1);
  }
  while (next < folded.length) add(...folded[next++]!);
  return ranges;
}

/**
 * The first line index of the tail shown by default: the last `count` lines of the log, marker
 * lines not counted (as far as the scan has found them).
 */
export function tailStart(scan: GroupScan, total: number, count: number): number {
  let start = Math.max(0, total - count);
  for (;;) {
    const wider = Math.max(0, total - count - markersIn(scan, start, total));
    if (wider === start) return start;
    start = wider;
  }
}

/**
 * Where a window of the log starting at line `start` begins to show: at the header of the
 * outermost group it starts inside that is folded or that the reader unfolded, so no line is
 * hidden without its header, and a header does not vanish once the reader unfolds it.
 */
export function windowStart(groups: readonly LogGroup[], folds: FoldState, start: number): number {
  // Groups are listed in order of their start line.
  for (const group of groups) {
    if (group.start >= start) break;
    const holdsStart = group.end < 0 || group.end > start;
    if (holdsStart && (folds.toggled.has(group.key) || isFolded(group, folds))) return group.start;
  }
  return start;
}

/** Lines of the log inside a group (to its end marker, or to `total` while open), markers not counted. */
export function linesInGroup(scan: GroupScan, group: LogGroup, total: number): number {
  const end = group.end < 0 ? total : group.end;
  return end - group.start - 1 - markersIn(scan, group.start + 1, end);
}

/** Rows of the list -> line indexes, for lines [first, total) minus the hidden ranges. */
export class VisibleLines {
  /** Visible row of each range's start, and hidden lines before it. */
  private readonly rowAt: number[] = [];
  private readonly hiddenBefore: number[] = [];
  private readonly ranges: Array<readonly [number, number]> = [];
  readonly count: number;

  constructor(
    readonly first: number,
    readonly total: number,
    hidden: HiddenRanges,
  ) {
    let hiddenSoFar = 0;
    for (const [rangeStart, rangeEnd] of hidden) {
      const start = Math.max(rangeStart, first);
      const end = Math.min(rangeEnd, total);
      if (end <= start) continue;
      this.ranges.push([start, end]);
      this.rowAt.push(start - first - hiddenSoFar);
      this.hiddenBefore.push(hiddenSoFar);
      hiddenSoFar += end - start;
    }
    this.count = Math.max(0, total - first - hiddenSoFar);
  }

  /** Number of ranges starting at or before visible row `row`. */
  private rangesBefore(row: number): number {
    let low = 0;
    let high = this.rowAt.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.rowAt[middle]! <= row) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The line index shown at row `row`. */
  lineAt(row: number): number {
    const before = this.rangesBefore(row);
    if (before === 0) return this.first + row;
    const [start, end] = this.ranges[before - 1]!;
    return this.first + row + this.hiddenBefore[before - 1]! + (end - start);
  }

  /** The row showing line `index`, or -1 when it is hidden or before the first line shown. */
  rowOf(index: number): number {
    if (index < this.first || index >= this.total) return -1;
    // The last range starting at or before `index` (binary search: one range per end marker).
    let low = 0;
    let high = this.ranges.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.ranges[middle]![0] <= index) low = middle + 1;
      else high = middle;
    }
    if (low === 0) return index - this.first;
    const [start, end] = this.ranges[low - 1]!;
    if (index < end) return -1;
    return index - this.first - this.hiddenBefore[low - 1]! - (end - start);
  }
}
