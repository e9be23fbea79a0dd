import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { markersIn } from '../../logs/groups';
import type { logSearchMachine } from '../../machines/console/logSearch.machine';
import { tailStartOf, type logViewerMachine } from '../../machines/console/logViewer.machine';
import type { ConsoleSnapshot } from './selectors';

// What the console view reads from the log viewer (groups, folds, preferences, permalinks) and
// from its search child.

export type ViewerRef = ActorRefFrom<typeof logViewerMachine>;
export type SearchRef = ActorRefFrom<typeof logSearchMachine>;
type ViewerSnapshot = SnapshotFrom<typeof logViewerMachine>;
type SearchSnapshot = SnapshotFrom<typeof logSearchMachine>;

/** The console's viewer child (invoked for the console's whole life). */
export const selectViewerRef = (snapshot: ConsoleSnapshot) => snapshot.children.viewer as ViewerRef;
/** The viewer's search child. */
export const selectSearchRef = (snapshot: ViewerSnapshot) => snapshot.children.search as SearchRef;

export const selectHidden = (snapshot: ViewerSnapshot) => snapshot.context.hidden;
export const selectGroupScan = (snapshot: ViewerSnapshot) => snapshot.context.groupScan;
export const selectFolds = (snapshot: ViewerSnapshot) => snapshot.context.folds;
export const selectGroups = (snapshot: ViewerSnapshot) => snapshot.context.groupScan.groups;
/** Index of the first line of the tail window: the last 250 lines (docs/spec.md 2.9, 9). */
export const selectTailStart = (snapshot: ViewerSnapshot) => tailStartOf(snapshot.context);
/** The log's lines, group markers not counted. */
export const selectLineCount = (snapshot: ViewerSnapshot) => {
  const { lines, groupScan } = snapshot.context;
  return lines.length - markersIn(groupScan, 0, lines.length);
};
export const selectHasGroups = (snapshot: ViewerSnapshot) =>
  snapshot.context.groupScan.groups.length > 0;
export const selectWrap = (snapshot: ViewerSnapshot) => snapshot.context.prefs.wrap;
export const selectTimestamps = (snapshot: ViewerSnapshot) => snapshot.context.prefs.timestamps;
export const selectSelection = (snapshot: ViewerSnapshot) => snapshot.context.selection;
export const selectScroll = (snapshot: ViewerSnapshot) => snapshot.context.scroll;

export const selectIsSearchOpen = (snapshot: SearchSnapshot) => snapshot.matches('open');
export const selectQuery = (snapshot: SearchSnapshot) => snapshot.context.query;
export const selectIsScanning = (snapshot: SearchSnapshot) =>
  snapshot.matches({ open: 'scanning' });
export const selectSearchError = (snapshot: SearchSnapshot) =>
  snapshot.context.compiled?.ok === false ? snapshot.context.compiled.error : null;
export const selectMatchTotal = (snapshot: SearchSnapshot) =>
  snapshot.context.progress.matches.total;
/** 1-based number of the current match, 0 before there is one. */
export const selectMatchNumber = (snapshot: SearchSnapshot) => snapshot.context.current + 1;

/** The pattern to highlight, only while the search box is open with a valid query. */
export const selectPattern = (snapshot: SearchSnapshot) =>
  snapshot.matches('open') && snapshot.context.compiled?.ok
    ? snapshot.context.compiled.pattern
    : null;

function currentMatch(snapshot: SearchSnapshot) {
  if (!snapshot.matches('open')) return undefined;
  const { progress, current } = snapshot.context;
  return progress.matches.locate(current);
}
/** Line index of the current match, or -1. */
export const selectCurrentLine = (snapshot: SearchSnapshot) => currentMatch(snapshot)?.line ?? -1;
/** Which of its line's matches the current one is, or -1. */
export const selectCurrentOccurrence = (snapshot: SearchSnapshot) =>
  currentMatch(snapshot)?.occurrence ?? -1;
