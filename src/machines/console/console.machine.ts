import {
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  type ActorRef,
  type Snapshot,
} from 'xstate';
import {
  fetchLogs,
  logStreamPath,
  watchStoredLogTail,
  type StepRef,
  type StoredLogRef,
} from '../../api/logs';
import type { Build, Stage, Status, Step } from '../../api/types';
import { code } from '../../boot/code';
import { LogLines } from '../../logs';
import { parsePermalink } from '../../logs/permalink';
import { logStreamMachine, type LogLinesEvent, type LogOverlongEvent } from './logStream.machine';
import {
  adjacentStep,
  hasStoppedRunning,
  nextRunningStep,
  type FollowStepEvent,
  type OpenStepEvent,
} from './consoleFollow';
import { consoleKeysMachine, type BuildKeyEvent } from './consoleKeys.machine';
import { currentHash } from './logView';
import { LOGS_SHOWN_BY_DEFAULT, logViewerMachine, type ShowLineEvent } from './logViewer.machine';
import { readStepLog, type LoadStepLog } from './stepLog';

// docs/spec.md 4.4: one step's console. The state follows the build, stage and step statuses (sent by the
// build page as `console.update` whenever they change), and the logs: a finished step's stored log
// is fetched once, a running step's lines stream live through the logStream child.

/** The states of docs/spec.md 4.4, with `loading` split into waiting (pending step) and fetching. */
export type ConsoleStateName =
  'idle' | 'loading' | 'fetching' | 'stream_on' | 'resolved' | 'no_logs_available' | 'error';

const isOneOf = (status: Status, ...statuses: Status[]) => statuses.includes(status);

/** Who moves the page to the step following goes on to (the build page). */
export type FollowStepTarget = ActorRef<Snapshot<unknown>, FollowStepEvent | OpenStepEvent>;

export interface ConsoleInput {
  repo: { namespace: string; name: string };
  build: Build;
  stage: Stage;
  step: Step;
  page?: FollowStepTarget;
  /**
   * Issue 30 item 1: the page opened this failed step for a build URL without stage and step;
   * once its log is read, the first error line is shown, highlighted and put in the URL.
   */
  landOnError?: boolean;
}

export interface ConsoleContext extends ConsoleInput {
  ref: StepRef;
  lines: LogLines;
  fetched: boolean;
  fetchError: string | null;
  showAll: boolean;
  /** Follow the end of a running log, and on to the build's next running step (on by default). */
  follow: boolean;
  /**
   * The step stopped running while shown: following goes on to the next running step of the
   * build (this stage first, then the stages after it) once one runs, and the follow toggle
   * stays while the build runs (issue 29 item 2).
   */
  followNext: boolean;
  /** The live stream held a line too long to keep, left out (issue 28 item 4). */
  droppedOverlong: boolean;
  /** A long stored log's last lines show alone while the rest is read (issue 32). */
  tailShown: boolean;
}

export type ConsoleEvent =
  | { type: 'console.update'; repo?: ConsoleInput['repo']; build: Build; stage: Stage; step: Step }
  | LogLinesEvent
  | LogOverlongEvent
  | { type: 'log.showAll' }
  | { type: 'log.retry' }
  /** A long stored log's last lines, read ahead of the rest. */
  | { type: 'log.tail'; lines: LogLines }
  | ShowLineEvent
  | { type: 'log.follow' }
  | { type: 'log.unfollow' }
  | BuildKeyEvent;

function freshContext(input: ConsoleInput): ConsoleContext {
  const { repo, build, stage, step } = input;
  return {
    ...input,
    landOnError: input.landOnError ?? false,
    ref: { ...repo, build: build.number, stage: stage.number, step: step.number },
    lines: LogLines.empty(),
    fetched: false,
    fetchError: null,
    showAll: false,
    follow: true,
    followNext: false,
    droppedOverlong: false,
    tailShown: false,
  };
}

/** The console's log call (readStepLog as an actor). */
export function createFetchStepLogs(load: LoadStepLog) {
  // No abort signal: @xstate/react revives a stopped actor's children in React's strict and
  // offscreen modes, and the revived actor would then receive the aborted call's rejection.
  return fromPromise<LogLines, StoredLogRef>(({ input }) => readStepLog(load, input));
}

export const fetchStepLogs = createFetchStepLogs(fetchLogs);

/**
 * Whether a long stored log's last lines may show before the rest (issue 32): where they are what
 * the console shows first (nothing streamed, no line to land on: a permalink, a failed step's
 * first error).
 */
const mayShowTail = (context: ConsoleContext) =>
  context.lines.length === 0 &&
  !context.showAll &&
  !context.landOnError &&
  parsePermalink(currentHash()) === null;

/**
 * A long stored log's last lines, once a worker has read them ahead of the rest (`watch`: api/logs
 * watchStoredLogTail, or a test's stand-in), where they may show first.
 */
export function createStoredLogTail(watch: typeof watchStoredLogTail) {
  return fromCallback<ConsoleEvent, { ref: StepRef; wanted: boolean }>(({ input, sendBack }) => {
    if (!input.wanted) return undefined;
    return watch(input.ref, (lines) => {
      // More than the window of the last lines: the window is then the same in the whole log.
      if (lines.length > LOGS_SHOWN_BY_DEFAULT) sendBack({ type: 'log.tail', lines });
    });
  });
}

export const storedLogTail = createStoredLogTail(watchStoredLogTail);

/**
 * The patterns that find a failed step's first error line: loaded only where the page landed on
 * one, while its log is read (the first screen does without them).
 */
const firstErrorCode = code(() => import('../../logs/firstError'));

/** Issue 30 item 1: the index of a landed-on failed step's first error line (-1: none, or not wanted). */
export const findFirstError = fromPromise<number, { lines: LogLines; wanted: boolean }>(
  async ({ input, signal }) => {
    if (!input.wanted) return -1;
    const { firstErrorLineInSlices } = await firstErrorCode();
    return firstErrorLineInSlices(input.lines, signal);
  },
);

/**
 * How long a landed-on failed step's rows wait for its first error line to be found, once its
 * log is read (StepConsole.tsx), where the log is longer than LONG_LOG_LINES: a million lines
 * without one took half a second to look through. Found later, the list goes to it. A shorter
 * log's rows wait for the look, which takes a few milliseconds.
 */
export const FIRST_ERROR_WAIT_MS = 300;
const LONG_LOG_LINES = 100_000;

type Guarded = { context: ConsoleContext };

/** docs/spec.md 4.4: the build declined, or the stage skipped after the build errored or was killed. */
const isBuildWithoutLogs = ({ context: { build, stage } }: Guarded) =>
  build.status === 'declined' ||
  (isOneOf(build.status, 'error', 'killed') && stage.status === 'skipped');

/** A finished step: its log is read from the store (whether it has one is known only then). */
const isStepFinished = ({ context }: Guarded) =>
  isOneOf(context.step.status, 'success', 'failure', 'killed');

/**
 * docs/spec.md 4.4's rules, in its order: the build's verdict (declined, or the stage skipped
 * after the build failed) comes first, then the stage's error, then the step's own status.
 */
const hasNoLogs = ({ context }: Guarded) =>
  isBuildWithoutLogs({ context }) ||
  (context.step.status === 'skipped' && context.stage.status !== 'error');
const hasError = ({ context }: Guarded) =>
  context.stage.status === 'error' || context.step.status === 'error';

// The rules that lead out of a state, shared by the states they lead out of.
const toNoLogs = { guard: 'hasNoLogs', target: '#console.no_logs_available' } as const;
const toError = { guard: 'hasError', target: '#console.error' } as const;
const toStreaming = { guard: 'isRunning', target: '#console.stream_on' } as const;
const toFetching = { guard: 'isFinished', target: '#console.loading.fetching' } as const;

export const consoleMachine = setup({
  types: {
    context: {} as ConsoleContext,
    input: {} as ConsoleInput,
    events: {} as ConsoleEvent,
  },
  actors: {
    fetchStepLogs,
    storedLogTail,
    findFirstError,
    streamLogs: logStreamMachine,
    viewLog: logViewerMachine,
    consoleKeys: consoleKeysMachine,
  },
  guards: {
    isLandingOnLongLog: ({ context }) =>
      context.landOnError === true && context.lines.length > LONG_LOG_LINES,
    hasRuleForStatuses: ({ context }) =>
      // docs/spec.md 4.4 has no rule for a blocked or declined step of a build that goes on.
      hasNoLogs({ context }) ||
      hasError({ context }) ||
      !isOneOf(context.step.status, 'blocked', 'declined'),
    hasNoLogs,
    hasError,
    isRunning: ({ context }) => context.step.status === 'running',
    isFinished: isStepFinished,
    /** docs/spec.md 4.4: a failed step is resolved even with an empty log; others need lines. */
    hasLogToShow: ({ context, event }) =>
      context.step.status === 'failure' ||
      (context.lines.length > 0 && !context.tailShown) ||
      ((event as { output?: LogLines }).output?.length ?? 0) > 0,
    hasFetchError: ({ context }) => context.fetchError !== null,
    isOtherStep: ({ context, event }) =>
      event.type === 'console.update' && event.step.id !== context.step.id,
    hasStepToFollow: ({ context, event }) =>
      event.type === 'console.update' &&
      context.follow &&
      (context.followNext || hasStoppedRunning(context.step, event.step)) &&
      nextRunningStep(event.build, event.stage, context.step) !== undefined,
  },
  actions: {
    assignNewStep: assign(({ context, event }) =>
      event.type === 'console.update'
        ? freshContext({ ...event, repo: event.repo ?? context.repo, page: context.page })
        : {},
    ),
    assignStatuses: assign(({ context, event }) =>
      event.type === 'console.update'
        ? {
            build: event.build,
            stage: event.stage,
            step: event.step,
            followNext: context.followNext || hasStoppedRunning(context.step, event.step),
          }
        : {},
    ),
    assignFetchedLines: assign({
      lines: ({ context, event }) => {
        const { output } = event as unknown as { output: LogLines };
        // The whole log replaces its last lines shown alone.
        return context.tailShown ? output : context.lines.concat(output);
      },
      fetched: true,
      tailShown: false,
    }),
    assignTail: assign(({ event }) =>
      event.type === 'log.tail' ? { lines: event.lines, tailShown: true } : {},
    ),
    assignFetchError: assign({
      fetched: true,
      fetchError: ({ event }) => ((event as { error?: Error }).error as Error).message,
      // A log that failed to load shows none of its lines.
      lines: ({ context }) => (context.tailShown ? LogLines.empty() : context.lines),
      tailShown: false,
    }),
    assignRetry: assign({ fetched: false, fetchError: null }),
    /** Tells the page to go to the build's next running step, once (the page navigates). */
    sendFollowStep: enqueueActions(({ context, event, enqueue }) => {
      const next =
        event.type === 'console.update' && nextRunningStep(event.build, event.stage, context.step);
      if (next && context.page) {
        enqueue.sendTo(context.page, {
          type: 'console.followStep',
          ...next,
        } satisfies FollowStepEvent);
      }
      enqueue.assign({ followNext: false });
    }),
    /** j / k: the page opens the step before or after this one. */
    sendOpenStep: enqueueActions(({ context, event, enqueue }) => {
      const offset = event.type === 'step.next' ? 1 : -1;
      const at = { stage: context.stage.number, step: context.step.number };
      const target = adjacentStep(context.build, at, offset);
      if (target && context.page) {
        enqueue.sendTo(context.page, { type: 'step.open', ...target } satisfies OpenStepEvent);
      }
    }),
    stopWaitingForFirstError: assign({ landOnError: false }),
    loadFirstErrorCode: ({ context }) => {
      if (context.landOnError) firstErrorCode().catch(() => undefined);
    },
    /** Issue 30 item 1: the viewer shows, highlights and addresses the first error line. */
    markFirstError: enqueueActions(({ event, enqueue }) => {
      const index = (event as unknown as { output: number }).output;
      enqueue.assign({ landOnError: false });
      if (index >= 0) enqueue.sendTo('viewer', { type: 'line.mark', line: index });
    }),
    forwardToViewer: sendTo('viewer', ({ event }) => event as BuildKeyEvent),
    forwardLines: sendTo('viewer', ({ context }) => ({
      type: 'viewer.lines' as const,
      lines: context.lines,
    })),
    resetViewer: sendTo('viewer', ({ context }) => ({
      type: 'viewer.reset' as const,
      lines: context.lines,
    })),
    assignLines: assign({
      lines: ({ context, event }) =>
        event.type === 'log.lines' ? context.lines.append(event.lines) : context.lines,
    }),
  },
}).createMachine({
  id: 'console',
  context: ({ input }) => freshContext(input),
  invoke: [
    // How the lines are read (groups, search, permalinks...): lives as long as the console.
    { id: 'viewer', src: 'viewLog', input: ({ context }) => ({ lines: context.lines }) },
    // The build page's keys (issue 19 item 2).
    { id: 'keys', src: 'consoleKeys' },
  ],
  initial: 'idle',
  states: {
    // A new step, or a status docs/spec.md 4.4 has no rule for (blocked, declined): it waits
    // here until an update brings one it has; loading decides from there.
    idle: {
      always: { guard: 'hasRuleForStatuses', target: 'loading' },
    },
    loading: {
      initial: 'waiting',
      states: {
        // Where a step's statuses are decided; a pending step stays: nothing to fetch or stream
        // until it starts (or is skipped, when the build is cancelled or fails before it).
        waiting: {
          always: [toNoLogs, toError, toStreaming, toFetching],
        },
        // A finished step's stored log, read once; streamed lines stay and the store fills any
        // gap the stream left.
        fetching: {
          entry: 'loadFirstErrorCode',
          invoke: [
            {
              id: 'fetchStepLogs',
              src: 'fetchStepLogs',
              input: ({ context }) => ({ ...context.ref, tailFirst: mayShowTail(context) }),
              onDone: [
                {
                  guard: 'hasLogToShow',
                  target: '#console.resolved',
                  actions: ['assignFetchedLines', 'forwardLines'],
                },
                // docs/spec.md 4.4: a successful or killed step that printed nothing.
                {
                  target: '#console.no_logs_available',
                  actions: ['assignFetchedLines', 'forwardLines'],
                },
              ],
              onError: { target: '#console.error', actions: ['assignFetchError', 'forwardLines'] },
            },
            // A million lines: their last ones show while the rest is parsed (issue 32).
            {
              id: 'storedLogTail',
              src: 'storedLogTail',
              input: ({ context }) => ({ ref: { ...context.ref }, wanted: mayShowTail(context) }),
            },
          ],
          on: {
            'log.tail': { actions: ['assignTail', 'forwardLines'] },
          },
        },
      },
    },
    // A running step's lines, live. The stream may end (eof) before the build page says the step
    // finished: it stays here until then.
    stream_on: {
      always: [toError, toFetching],
      invoke: {
        id: 'logStream',
        src: 'streamLogs',
        input: ({ context }) => ({
          path: logStreamPath(context.ref),
          lastPos: context.lines.lastPos,
        }),
      },
    },
    // The log is read: a finished step's status does not change any more (a stage error that
    // comes later shows above the log).
    resolved: {
      // A failed step the page landed on opens at its first error line.
      invoke: {
        id: 'findFirstError',
        src: 'findFirstError',
        input: ({ context }) => ({ lines: context.lines, wanted: context.landOnError === true }),
        onDone: { actions: 'markFirstError' },
        // Its patterns did not load: the log shows where it would without them.
        onError: { actions: 'stopWaitingForFirstError' },
      },
      after: {
        [FIRST_ERROR_WAIT_MS]: {
          guard: 'isLandingOnLongLog',
          actions: 'stopWaitingForFirstError',
        },
      },
    },
    no_logs_available: {},
    error: {
      // A failed log call is asked again (a step or stage error is the step's own answer).
      on: {
        'log.retry': {
          guard: 'hasFetchError',
          target: 'loading.fetching',
          actions: 'assignRetry',
        },
      },
    },
  },
  on: {
    'console.update': [
      { guard: 'isOtherStep', target: '.idle', actions: ['assignNewStep', 'resetViewer'] },
      {
        guard: 'hasStepToFollow',
        actions: ['assignStatuses', 'sendFollowStep'],
      },
      { actions: 'assignStatuses' },
    ],
    // The live stream's lines (only stream_on runs it).
    'log.lines': { actions: ['assignLines', 'forwardLines'] },
    'log.overlong': { actions: assign({ droppedOverlong: true }) },
    'log.showAll': { actions: assign({ showAll: true }) },
    'log.follow': { actions: assign({ follow: true }) },
    'log.unfollow': { actions: assign({ follow: false }) },
    'log.toggleFollow': { actions: assign({ follow: ({ context }) => !context.follow }) },
    'log.toggleTimestamps': { actions: 'forwardToViewer' },
    'log.jump': { actions: 'forwardToViewer' },
    'step.next': { actions: 'sendOpenStep' },
    'step.previous': { actions: 'sendOpenStep' },
    // The viewer asks for this only for a line before the tail window (a permalink, a match).
    'log.showLine': { actions: assign({ showAll: true }) },
  },
});
