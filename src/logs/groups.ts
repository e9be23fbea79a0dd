import type { LogLines } from './lineStore';
import { showInvisibles } from '../text/invisibles';
import { searchText, withoutCommand } from './escapes';
import { mayHoldMarker } from './markerWords';

export { MARKER_WORDS, mayHoldMarker } from './markerWords';

// Collapsible groups: GitHub-style `::group::name` / `::endgroup::` and GitLab's
// `section_start:<unix time>:<name>[options]` / `section_end:<unix time>:<name>` (GitLab prints
// them behind `\e[0K` and ends them with `\r\e[0K`, so the line shows only what follows).

export interface GroupMarker {
  kind: 'start' | 'end';
  format: 'github' | 'gitlab';
  /** GitHub: the title; GitLab: the section name. */
  name: string;
  /** GitLab: the marker's unix time. */
  stamp?: number;
  /** GitLab's `[collapsed=true]` option. */
  collapsed?: boolean;
}

// A cheap test on the raw text first: almost no line is a marker.
const MAYBE_MARKER = /::(?:end)?group::|section_(?:start|end):/;
const GITHUB = /^\s*::(group|endgroup)::(.*)$/;
// eslint-disable-next-line no-control-regex -- markers sit among escape codes and carriage returns
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\|$)/g;
const GITLAB = /section_(start|end):(\d+):([^\s[\r]+)(?:\[([^\]]*)\])?/;

/** The group marker a raw line (`Line.out`) carries, if any. */
export function parseGroupMarker(out: string): GroupMarker | null {
  if (!MAYBE_MARKER.test(out)) return null;
  const github = GITHUB.exec(searchText(out));
  if (github) {
    const kind = github[1] === 'group' ? 'start' : 'end';
    return { kind, format: 'github', name: kind === 'start' ? github[2]!.trim() : '' };
  }
  // GitLab's marker is erased by its own `\r`: look at the text before carriage returns apply.
  const gitlab = GITLAB.exec(out.replace(ESCAPES, ''));
  if (!gitlab) return null;
  const marker: GroupMarker = {
    kind: gitlab[1] === 'start' ? 'start' : 'end',
    format: 'gitlab',
    name: gitlab[3]!,
    stamp: Number(gitlab[2]),
  };
  if (gitlab[4]?.split(',').some((option) => option.trim() === 'collapsed=true')) {
    marker.collapsed = true;
  }
  return marker;
}

export interface LogGroup {
  /** The start line's `pos`: stable while lines stream in (fold state is kept by it). */
  key: number;
  /** Line index of the start marker. */
  start: number;
  /** Line index of the end marker; -1 while the group is open (it runs to the end). */
  end: number;
  depth: number;
  /** The marker's name: what a GitLab section_end must repeat to close it. */
  name: string;
  /** The title shown on the fold line. */
  title: string;
  format: GroupMarker['format'];
  /** GitHub groups start folded; GitLab sections only with `[collapsed=true]`. */
  startsCollapsed: boolean;
  /** Elapsed seconds of the start line, or GitLab's unix time. */
  startTime: number;
  /** Set once the group has ended. */
  endTime?: number;
  /** GitLab: durations come from the markers' unix times. */
  stamped: boolean;
}

export interface GroupScan {
  groups: readonly LogGroup[];
  /**
   * Line indexes of every end marker, ascending, including those that close nothing: markers are
   * never shown as lines (a group's start marker is shown as its header).
   */
  ends: readonly number[];
  /** Indexes (into `groups`) of the open groups, innermost last. */
  open: readonly number[];
  /** The next line index to look at. */
  next: number;
}

export const emptyGroupScan = (): GroupScan => ({ groups: [], ends: [], open: [], next: 0 });

/** How many of `length` ascending values (read by `at`) are below `limit` (binary search). */
function countBelow(length: number, at: (index: number) => number, limit: number) {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (at(middle) < limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Marker lines (group starts and end markers) among line indexes [from, until), as far as the
 * scan has gone: they are never counted as lines of the log.
 */
export function markersIn(scan: GroupScan, from: number, until: number): number {
  if (until <= from) return 0;
  const { groups, ends } = scan;
  const below = (limit: number) =>
    countBelow(groups.length, (k) => groups[k]!.start, limit) +
    countBelow(ends.length, (k) => ends[k]!, limit);
  return below(until) - below(from);
}

/** The header a start marker shows: GitLab's is the text after the marker's `\r`, else its name. */
function markerTitle(marker: GroupMarker, out: string): string {
  const title = marker.format === 'github' ? marker.name : searchText(out).trim() || marker.name;
  return title || 'Group';
}

/**
 * What a reader sees of a line, for search: a start marker is its group's header, an end marker
 * nothing (it is never shown), any other line its plain text (`plain`).
 */
export function shownText(out: string, plain: (out: string) => string): string {
  const marker = mayHoldMarker(out) ? parseGroupMarker(out) : null;
  if (!marker) return plain(out);
  return marker.kind === 'start' ? markerTitle(marker, out) : '';
}

/**
 * A whole log as the screen shows it, one line per line (for 'Copy log'; the download stays raw):
 * plain text, a group's start marker as its header, end markers left out (issue 29 item 5), an
 * annotation command's message without the command (issue 30 item 3), the
 * lines of a folded group included. What the screen shows as a marker is written `<U+202E>`:
 * pasted into an issue or a terminal, the log reads as it did on screen, not reordered by a bidi
 * override (issue 28 item 10).
 */
export function shownLog(lines: { length: number; outAt(index: number): string }): string {
  const parts: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const out = lines.outAt(index);
    const marker = mayHoldMarker(out) ? parseGroupMarker(out) : null;
    if (marker?.kind === 'end') continue;
    parts.push(showInvisibles(marker ? markerTitle(marker, out) : searchText(withoutCommand(out))));
  }
  return parts.join('\n');
}

function startGroup(marker: GroupMarker, lines: LogLines, index: number, depth: number): LogGroup {
  const title = markerTitle(marker, lines.outAt(index));
  return {
    key: lines.posAt(index),
    start: index,
    end: -1,
    depth,
    name: marker.name,
    title,
    format: marker.format,
    startsCollapsed: marker.format === 'github' || marker.collapsed === true,
    startTime: marker.stamp ?? lines.timeAt(index),
    stamped: marker.stamp !== undefined,
  };
}

/**
 * Continues a scan over lines appended since `scan.next`, up to `until` (exclusive). Returns the
 * same value when nothing changed. An end marker closes the innermost open group (GitHub) or
 * the innermost open section of that name and everything opened inside it (GitLab); an end
 * marker matching nothing closes nothing (and is hidden all the same).
 */
export function scanGroups(lines: LogLines, scan: GroupScan, until = lines.length): GroupScan {
  let groups: LogGroup[] | undefined;
  let ends: number[] | undefined;
  const open = [...scan.open];
  const edit = () => (groups ??= [...scan.groups]);
  for (const index of lines.markedLines(scan.next, until, mayHoldMarker)) {
    const marker = parseGroupMarker(lines.outAt(index));
    if (!marker) continue;
    if (marker.kind === 'start') {
      const list = edit();
      open.push(list.length);
      list.push(startGroup(marker, lines, index, open.length - 1));
      continue;
    }
    (ends ??= [...scan.ends]).push(index);
    const list = groups ?? scan.groups;
    const closes = (group: LogGroup) =>
      group.format === marker.format && (marker.format === 'github' || group.name === marker.name);
    let depth = open.length - 1;
    while (depth >= 0 && !closes(list[open[depth]!]!)) depth--;
    if (depth < 0) continue;
    const time = marker.stamp ?? lines.timeAt(index);
    const edited = edit();
    for (const closing of open.splice(depth)) {
      edited[closing] = { ...edited[closing]!, end: index, endTime: time };
    }
  }
  if (!groups && !ends && until === scan.next) return scan;
  return { groups: groups ?? scan.groups, ends: ends ?? scan.ends, open, next: until };
}
