import { assign, fromCallback, sendParent, setup } from 'xstate';
import { LogLines } from '../../logs';
import { compileSearch, type CompiledSearch, type SearchQuery } from '../../logs/search';
import { MatchList, type ScanProgress, type SearchMemo } from '../../logs/searchIndex';
import type * as Scan from '../../logs/searchScan';
import { runInSlices, yieldToBrowser, type Schedule } from '../../logs/slices';

// Searching one step's whole log (not only the rendered lines) from the console's search box.
// The scan runs in time slices (a fromCallback actor), so typing stays responsive on a
// million-line log; while the log streams, new lines are searched as they arrive and the count
// grows. Each new query starts over; the plain-text index built by earlier scans is reused.

export interface LogSearchContext {
  lines: LogLines;
  /** A memo of the lines' plain text, shared by every scan of this step (see PlainTextIndex). */
  memo: SearchMemo;
  query: SearchQuery;
  compiled: CompiledSearch | null;
  progress: ScanProgress;
  /** The match the search is on (0-based), or -1 before the first one is found. */
  current: number;
}

export type LogSearchEvent =
  | { type: 'search.open' }
  | { type: 'search.close' }
  | { type: 'search.type'; text: string }
  | { type: 'search.toggleRegex' }
  | { type: 'search.toggleCase' }
  | { type: 'search.next' }
  | { type: 'search.previous' }
  | { type: 'search.lines'; lines: LogLines }
  | { type: 'scan.progress'; progress: ScanProgress }
  | { type: 'scan.done' };

/** Sent to the parent (the log viewer) to bring a line into view. */
export interface RevealEvent {
  type: 'log.reveal';
  /** Line index. */
  line: number;
}

interface ScanInput {
  lines: LogLines;
  memo: SearchMemo;
  pattern: RegExp | null;
  progress: ScanProgress;
}

type ScanModule = typeof Scan;
/** The scan's code, not on the first screen: loaded by the first search (or its warm-up). */
const loadScan = () => import('../../logs/searchScan');

/**
 * The scan as an actor; `schedule` and `load` are parameters so tests run slices synchronously
 * with the scan's code at hand.
 */
export function createScanLog(
  schedule: Schedule = yieldToBrowser,
  load: () => ScanModule | Promise<ScanModule> = loadScan,
) {
  return fromCallback<{ type: 'noop' }, ScanInput>(({ sendBack, input }) => {
    let stopped = false;
    let stop = () => {};
    const start = ({ scanLines, PlainTextIndex }: ScanModule) => {
      if (stopped) return;
      const index = (input.memo.index ??= new PlainTextIndex());
      let progress = input.progress;
      stop = runInSlices((shouldYield) => {
        const before = progress.matches;
        progress = scanLines(input.lines, index, input.pattern, progress, shouldYield);
        const done = progress.next >= input.lines.length;
        if (input.pattern && (progress.matches !== before || done)) {
          sendBack({ type: 'scan.progress', progress } satisfies LogSearchEvent);
        }
        if (done) sendBack({ type: 'scan.done' } satisfies LogSearchEvent);
        return done;
      }, schedule);
    };
    const scan = load();
    if (scan instanceof Promise) {
      // Code that cannot load finds nothing rather than searching for ever.
      scan.then(start, () => stopped || sendBack({ type: 'scan.done' } satisfies LogSearchEvent));
    } else start(scan);
    return () => {
      stopped = true;
      stop();
    };
  });
}

const startProgress = (): ScanProgress => ({ next: 0, matches: MatchList.empty() });

/** True when `next` holds every line of `previous` at the same index (lines were only appended). */
export function extendsLines(previous: LogLines, next: LogLines): boolean {
  if (previous.length === 0) return true;
  return next.length >= previous.length && next.posAt(previous.length - 1) === previous.lastPos;
}

const EMPTY_QUERY: SearchQuery = { text: '', regex: false, caseSensitive: false };

export const logSearchMachine = setup({
  types: {
    context: {} as LogSearchContext,
    input: {} as { lines?: LogLines },
    events: {} as LogSearchEvent,
  },
  actors: { scanLog: createScanLog() },
  guards: {
    isEmptyQuery: ({ context }) => context.compiled === null,
    isInvalidQuery: ({ context }) => context.compiled?.ok === false,
    hasUnscannedLines: ({ context }) => context.progress.next < context.lines.length,
    hasMatches: ({ context }) => context.progress.matches.total > 0,
    /** A scan's progress brings the first match: the search lands on it. */
    isFirstMatch: ({ context, event }) =>
      event.type === 'scan.progress' && context.current < 0 && event.progress.matches.total > 0,
    isRewrite: ({ context, event }) =>
      event.type === 'search.lines' && !extendsLines(context.lines, event.lines),
  },
  actions: {
    assignQuery: assign(({ context, event }) => {
      const query = { ...context.query };
      if (event.type === 'search.type') query.text = event.text;
      if (event.type === 'search.toggleRegex') query.regex = !query.regex;
      if (event.type === 'search.toggleCase') query.caseSensitive = !query.caseSensitive;
      return { query, compiled: compileSearch(query), progress: startProgress(), current: -1 };
    }),
    assignLines: assign({
      lines: ({ context, event }) => (event.type === 'search.lines' ? event.lines : context.lines),
    }),
    /** Lines were merged in before the end: the index and the matches no longer line up. */
    assignRewrittenLines: assign(({ context, event }) => ({
      lines: event.type === 'search.lines' ? event.lines : context.lines,
      memo: {},
      progress: startProgress(),
      current: -1,
    })),
    assignProgress: assign(({ context, event }) => {
      if (event.type !== 'scan.progress') return {};
      const found = context.current < 0 && event.progress.matches.total > 0;
      return { progress: event.progress, current: found ? 0 : context.current };
    }),
    assignNext: assign({
      current: ({ context }) => (context.current + 1) % context.progress.matches.total,
    }),
    assignPrevious: assign({
      current: ({ context }) => {
        const total = context.progress.matches.total;
        return (Math.max(0, context.current) - 1 + total) % total;
      },
    }),
    notifyReveal: sendParent(({ context }): RevealEvent => ({
      type: 'log.reveal',
      line: context.progress.matches.locate(context.current)?.line ?? 0,
    })),
  },
}).createMachine({
  id: 'logSearch',
  context: ({ input }) => ({
    lines: input.lines ?? LogLines.empty(),
    memo: {},
    query: EMPTY_QUERY,
    compiled: null,
    progress: startProgress(),
    current: -1,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'search.open': 'open',
        'search.lines': [
          { guard: 'isRewrite', actions: 'assignRewrittenLines' },
          { actions: 'assignLines' },
        ],
      },
    },
    open: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'isEmptyQuery', target: 'indexing' },
            { guard: 'isInvalidQuery', target: 'invalid' },
            { target: 'scanning' },
          ],
        },
        // Nothing typed yet: build the plain-text index now, so the first query is fast.
        indexing: {
          invoke: {
            src: 'scanLog',
            input: ({ context }) => ({
              ...scanInput(context),
              pattern: null,
              progress: startProgress(),
            }),
          },
          on: { 'scan.done': 'ready' },
        },
        ready: {},
        invalid: {},
        scanning: {
          invoke: { src: 'scanLog', input: ({ context }) => scanInput(context) },
          on: {
            'scan.progress': [
              { guard: 'isFirstMatch', actions: ['assignProgress', 'notifyReveal'] },
              { actions: 'assignProgress' },
            ],
            'scan.done': 'searched',
          },
        },
        // Lines that arrive later (a streaming log) are searched as they come.
        searched: { always: { guard: 'hasUnscannedLines', target: 'scanning' } },
      },
      on: {
        'search.open': {},
        'search.close': { target: 'closed' },
        'search.type': { target: '.deciding', actions: 'assignQuery' },
        'search.toggleRegex': { target: '.deciding', actions: 'assignQuery' },
        'search.toggleCase': { target: '.deciding', actions: 'assignQuery' },
        'search.next': { guard: 'hasMatches', actions: ['assignNext', 'notifyReveal'] },
        'search.previous': { guard: 'hasMatches', actions: ['assignPrevious', 'notifyReveal'] },
        'search.lines': [
          { guard: 'isRewrite', target: '.deciding', actions: 'assignRewrittenLines' },
          { actions: 'assignLines' },
        ],
      },
    },
  },
});

function scanInput(context: LogSearchContext): ScanInput {
  return {
    lines: context.lines,
    memo: context.memo,
    pattern: context.compiled?.ok ? context.compiled.pattern : null,
    progress: context.progress,
  };
}
