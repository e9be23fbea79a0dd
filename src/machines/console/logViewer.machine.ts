import { assign, enqueueActions, raise, sendParent, sendTo, setup } from 'xstate';
import { LogLines } from '../../logs';
import {
  defaultFolds,
  groupsHolding,
  hiddenRanges,
  tailStart,
  toggleFold,
  unfold,
  windowStart,
  type FoldState,
  type HiddenRanges,
} from '../../logs/folds';
import type { GroupScan } from '../../logs/groups';
import { extendSpan, formatPermalink, parsePermalink, type LineSpan } from '../../logs/permalink';
import { extendsLines, logSearchMachine, type RevealEvent } from './logSearch.machine';
import {
  browserStorage,
  createFindGroups,
  emptyGroupScan,
  GROUPS_AT_ONCE,
  currentHash,
  listenHash,
  readLogPreferences,
  replaceHash,
  scanGroupsUpTo,
  writeLogPreferences,
  type GroupsProgressEvent,
  type LogPreferences,
} from './logView';

// How one step's log is shown (the console machine owns the lines, this owns the reading):
// collapsible groups and their folds, wrap and timestamp preferences (remembered), line
// permalinks (`#L5`, `#L3-L9`), and where the list should scroll. Its child `search` searches
// the whole log and asks this machine to reveal each match.

export interface ScrollRequest {
  /** Line index to bring into view. */
  line: number;
  /** Changes with every request, so asking twice for the same line scrolls twice. */
  seq: number;
  /** Jumps go to the first or last row shown, whichever line that is. */
  edge?: 'top' | 'bottom';
}

export interface LogViewerContext {
  lines: LogLines;
  groupScan: GroupScan;
  folds: FoldState;
  /** Lines hidden by folded groups (derived from groups and folds, kept for the list). */
  hidden: HiddenRanges;
  prefs: LogPreferences;
  /** The lines a permalink names (1-based line numbers). */
  selection: LineSpan | null;
  /** A permalink whose line has not arrived yet. */
  pending: LineSpan | null;
  scroll: ScrollRequest | null;
}

export type LogViewerEvent =
  | { type: 'viewer.lines'; lines: LogLines }
  | { type: 'viewer.reset'; lines: LogLines }
  | GroupsProgressEvent
  | { type: 'group.toggle'; key: number }
  | { type: 'groups.expandAll' }
  | { type: 'groups.collapseAll' }
  | { type: 'log.toggleWrap' }
  | { type: 'log.toggleTimestamps' }
  | { type: 'permalink.changed'; hash: string }
  | { type: 'line.select'; line: number; extend: boolean }
  /** Issue 30 item 1: show, highlight and address this line (an index), unless a permalink did. */
  | { type: 'line.mark'; line: number }
  | { type: 'log.jump'; to: 'top' | 'bottom' }
  | RevealEvent;

/** docs/spec.md 9: lines shown before 'Show all logs' (group markers are not counted as lines). */
export const LOGS_SHOWN_BY_DEFAULT = 250;

/** The first line index of the tail window: the last 250 lines (from a folded group's header). */
export const tailStartOf = (context: Pick<LogViewerContext, 'groupScan' | 'folds' | 'lines'>) =>
  windowStart(
    context.groupScan.groups,
    context.folds,
    tailStart(context.groupScan, context.lines.length, LOGS_SHOWN_BY_DEFAULT),
  );

/** Sent to the parent (the console) so a line before the last 250 gets shown. */
export interface ShowLineEvent {
  type: 'log.showLine';
  line: number;
}

const withFolds = (groupScan: GroupScan, folds: FoldState) => ({
  groupScan,
  folds,
  hidden: hiddenRanges(groupScan, folds),
});

/** Line index of a 1-based line number (Drone numbers lines by `pos`). */
const indexOfLine = (lines: LogLines, number: number) => lines.indexOf(number - 1);

export const logViewerMachine = setup({
  types: {
    context: {} as LogViewerContext,
    input: {} as { lines?: LogLines },
    events: {} as LogViewerEvent,
  },
  actors: { findGroups: createFindGroups(), listenHash, search: logSearchMachine },
  guards: {
    hasUnscannedLines: ({ context }) => context.groupScan.next < context.lines.length,
    isRewrite: ({ context, event }) =>
      event.type === 'viewer.lines' && !extendsLines(context.lines, event.lines),
    hasNoSelection: ({ context }) => context.selection === null,
    isCurrentProgress: ({ context, event }) =>
      event.type === 'groups.progress' && extendsLines(event.lines, context.lines),
  },
  actions: {
    assignLines: assign(({ context, event }) => {
      if (event.type !== 'viewer.lines') return {};
      const scan = scanGroupsUpTo(event.lines, context.groupScan, GROUPS_AT_ONCE);
      return { lines: event.lines, ...withFolds(scan, context.folds) };
    }),
    /** Lines merged in before the end (line indexes moved): groups and folds start over. */
    assignNewLines: assign(({ event }) => {
      if (event.type !== 'viewer.lines' && event.type !== 'viewer.reset') return {};
      const scan = scanGroupsUpTo(event.lines, emptyGroupScan(), GROUPS_AT_ONCE);
      return { lines: event.lines, ...withFolds(scan, defaultFolds()), scroll: null };
    }),
    /** Another step: its own permalink, if any, comes with its URL. */
    assignNoSelection: assign({ selection: null, pending: null }),
    /**
     * Another step's log: the URL that opened it may name a line of it (a failure summary's link),
     * read as a fresh load reads it.
     */
    readPermalink: raise(() => ({ type: 'permalink.changed' as const, hash: currentHash() })),
    /** New groups never fold away the line the reader was just taken to. */
    assignGroupScan: assign(({ context, event }) => {
      if (event.type !== 'groups.progress') return {};
      const { groups } = event.scan;
      const known = new Set(context.groupScan.groups);
      const target = context.scroll?.line ?? -1;
      const fresh = groupsHolding(groups, target).filter((group) => !known.has(group));
      return withFolds(event.scan, unfold(fresh, context.folds));
    }),
    forwardLines: sendTo('search', ({ context }) => ({
      type: 'search.lines' as const,
      lines: context.lines,
    })),
    assignFolds: assign(({ context, event }) => {
      let folds = context.folds;
      if (event.type === 'groups.expandAll') folds = { all: 'expanded', toggled: new Map() };
      if (event.type === 'groups.collapseAll') folds = { all: 'collapsed', toggled: new Map() };
      if (event.type === 'group.toggle') {
        const group = context.groupScan.groups.find((candidate) => candidate.key === event.key);
        if (group) folds = toggleFold(group, folds);
      }
      return withFolds(context.groupScan, folds);
    }),
    assignPreference: assign({
      prefs: ({ context, event }) => {
        const { wrap, timestamps } = context.prefs;
        if (event.type === 'log.toggleWrap') return { wrap: !wrap, timestamps };
        if (event.type === 'log.toggleTimestamps') {
          return { wrap, timestamps: timestamps === 'clock' ? 'elapsed' : 'clock' };
        }
        return context.prefs;
      },
    }),
    persistPreferences: ({ context }) => writeLogPreferences(browserStorage(), context.prefs),
    assignPermalink: assign(({ event }) => {
      if (event.type !== 'permalink.changed') return {};
      const selection = parsePermalink(event.hash);
      return { selection, pending: selection };
    }),
    assignMark: assign(({ context, event }) => {
      if (event.type !== 'line.mark') return {};
      const number = context.lines.posAt(event.line) + 1;
      return { selection: { start: number, end: number }, pending: { start: number, end: number } };
    }),
    assignSelection: assign({
      selection: ({ context, event }) => {
        if (event.type !== 'line.select') return context.selection;
        return event.extend
          ? extendSpan(context.selection, event.line)
          : { start: event.line, end: event.line };
      },
    }),
    writeHash: ({ context }) => {
      if (context.selection) replaceHash(formatPermalink(context.selection));
    },
    assignJump: assign({
      scroll: ({ context, event }) => {
        const edge = event.type === 'log.jump' ? event.to : 'top';
        return {
          line: edge === 'bottom' ? context.lines.length - 1 : 0,
          seq: (context.scroll?.seq ?? 0) + 1,
          edge,
        };
      },
    }),
    /** Jumping to the end of a running log follows it again; jumping to the top stops that. */
    followJump: sendParent(({ event }) => ({
      type: event.type === 'log.jump' && event.to === 'bottom' ? 'log.follow' : 'log.unfollow',
    })),
    /** Shows a line: unfolds the groups holding it, asks for all lines if needed, scrolls. */
    revealLine: enqueueActions(({ context, event, enqueue }) => {
      let index = -1;
      if (event.type === 'log.reveal') index = event.line;
      else if (context.pending) index = indexOfLine(context.lines, context.pending.start);
      if (index < 0 || index >= context.lines.length) return;
      const folds = unfold(groupsHolding(context.groupScan.groups, index), context.folds);
      enqueue.assign({
        ...withFolds(context.groupScan, folds),
        pending: null,
        scroll: { line: index, seq: (context.scroll?.seq ?? 0) + 1 },
      });
      // Before the tail window once its groups are unfolded: all lines must be shown.
      if (index < tailStartOf({ ...context, folds })) {
        enqueue.sendParent({ type: 'log.showLine', line: index } satisfies ShowLineEvent);
      }
      // Like scrolling up, going to a line stops following the end of a streaming log.
      enqueue.sendParent({ type: 'log.unfollow' });
    }),
  },
}).createMachine({
  id: 'logViewer',
  context: ({ input }) => ({
    lines: input.lines ?? LogLines.empty(),
    ...withFolds(emptyGroupScan(), defaultFolds()),
    prefs: readLogPreferences(browserStorage()),
    selection: null,
    pending: null,
    scroll: null,
  }),
  invoke: [
    { id: 'search', src: 'search', input: ({ context }) => ({ lines: context.lines }) },
    { src: 'listenHash' },
  ],
  initial: 'idle',
  states: {
    idle: { always: { guard: 'hasUnscannedLines', target: 'findingGroups' } },
    // Groups of a long log are found in time slices; a short one was scanned as it arrived.
    findingGroups: {
      invoke: {
        src: 'findGroups',
        input: ({ context }) => ({ lines: context.lines, scan: context.groupScan }),
      },
      on: {
        'groups.progress': [
          {
            guard: 'isCurrentProgress',
            target: 'idle',
            actions: ['assignGroupScan', 'revealLine'],
          },
          { target: 'idle' },
        ],
      },
    },
  },
  on: {
    'viewer.lines': [
      {
        guard: 'isRewrite',
        target: '.idle',
        actions: ['assignNewLines', 'forwardLines', 'revealLine'],
      },
      { actions: ['assignLines', 'forwardLines', 'revealLine'] },
    ],
    'viewer.reset': {
      target: '.idle',
      actions: ['assignNewLines', 'assignNoSelection', 'forwardLines', 'readPermalink'],
    },
    'group.toggle': { actions: 'assignFolds' },
    'groups.expandAll': { actions: 'assignFolds' },
    'groups.collapseAll': { actions: 'assignFolds' },
    'log.toggleWrap': { actions: ['assignPreference', 'persistPreferences'] },
    'log.toggleTimestamps': { actions: ['assignPreference', 'persistPreferences'] },
    'permalink.changed': { actions: ['assignPermalink', 'revealLine'] },
    'line.select': { actions: ['assignSelection', 'writeHash'] },
    'line.mark': { guard: 'hasNoSelection', actions: ['assignMark', 'writeHash', 'revealLine'] },
    'log.jump': { actions: ['assignJump', 'followJump'] },
    'log.reveal': { actions: 'revealLine' },
  },
});
