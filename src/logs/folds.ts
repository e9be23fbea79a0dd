import type { LogGroup } from './groups';

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

/** Lines hidden by folded groups; a group inside a folded one adds nothing. */
export function hiddenRanges(groups: readonly LogGroup[], folds: FoldState): HiddenRanges {
  const ranges: Array<[number, number]> = [];
  let hiddenUntil = -1;
  // Groups are listed in order of their start line.
  for (const group of groups) {
    if (group.start < hiddenUntil || !isFolded(group, folds)) continue;
    const end = group.end < 0 ? Number.POSITIVE_INFINITY : group.end + 1;
    ranges.push([group.start + 1, end]);
    hiddenUntil = end;
  }
  return ranges;
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
    let hidden = 0;
    for (let at = 0; at < this.ranges.length; at++) {
      const [start, end] = this.ranges[at]!;
      if (index < start) break;
      if (index < end) return -1;
      hidden = this.hiddenBefore[at]! + (end - start);
    }
    return index - this.first - hidden;
  }
}
