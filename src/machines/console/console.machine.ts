import {
  assign,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  type ActorRef,
  type Snapshot,
} from 'xstate';
import { fetchLogs, logStreamPath, type StepRef } from '../../api/logs';
import type { Build, Stage, Status, Step } from '../../api/types';
import { LogLines } from '../../logs';
import { logStreamMachine, type LogLinesEvent, type LogOverlongEvent } from './logStream.machine';
import {
  adjacentStep,
  hasStoppedRunning,
  nextRunningStep,
  type FollowStepEvent,
  type OpenStepEvent,
} from './consoleFollow';
import { consoleKeysMachine, type BuildKeyEvent } from './consoleKeys.machine';
import { logViewerMachine, type ShowLineEvent } from './logViewer.machine';
import { readStepLog, type LoadStepLog } from './stepLog';

// docs/spec.md 4.4: one step's console. The state follows the build, stage and step statuses (sent by the
// build page as `console.update` whenever they change), and the logs: a finished step's stored log
// is fetched once, a running step's lines stream live through the logStream child.

/** The states of docs/spec.md 4.4, with `loading` split into waiting (pending step) and fetching. */
export type ConsoleStateName =
  'idle' | 'loading' | 'fetching' | 'stream_on' | 'resolved' | 'no_logs_available' | 'error';

export interface ConsoleFacts {
  buildStatus: Status;
  stageStatus: Status;
  stepStatus: Status;
  hasLogs: boolean;
  /** The stored log has been fetched (once per step). */
  fetched: boolean;
  fetchError: string | null;
}

/**
 * docs/spec.md 4.4's rules as one pure function: where the console goes from `current`. Finished steps go
 * through `fetching` first, since whether "logs exist" is only known once the stored log is read
 * (for a streamed step that fetch also fills any gap in what was streamed).
 * Choice: "killed without logs keeps the current state", except right after the fetch, where the
 * empty answer settles it as no_logs_available (otherwise the console would spin forever).
 */
export function nextConsoleState(facts: ConsoleFacts, current: ConsoleStateName): ConsoleStateName {
  const { buildStatus, stageStatus, stepStatus, hasLogs, fetched } = facts;
  if (buildStatus === 'declined') return 'no_logs_available';
  if ((buildStatus === 'error' || buildStatus === 'killed') && stageStatus === 'skipped') {
    return 'no_logs_available';
  }
  if (stageStatus === 'error') return 'error';
  if (facts.fetchError !== null) return 'error';
  switch (stepStatus) {
    case 'skipped':
      return 'no_logs_available';
    case 'error':
      return 'error';
    case 'running':
      return 'stream_on';
    case 'pending':
    case 'waiting_on_dependencies':
      return 'loading';
    case 'failure':
      return fetched ? 'resolved' : 'fetching';
    case 'success':
      if (!fetched) return 'fetching';
      return hasLogs ? 'resolved' : 'no_logs_available';
    case 'killed':
      if (!fetched) return 'fetching';
      if (hasLogs) return 'resolved';
      return current === 'fetching' ? 'no_logs_available' : current;
    default:
      return current;
  }
}

/** Who moves the page to the step following goes on to (the build page). */
export type FollowStepTarget = ActorRef<Snapshot<unknown>, FollowStepEvent | OpenStepEvent>;

export interface ConsoleInput {
  repo: { namespace: string; name: string };
  build: Build;
  stage: Stage;
  step: Step;
  page?: FollowStepTarget;
}

export interface ConsoleContext extends ConsoleInput {
  ref: StepRef;
  lines: LogLines;
  fetched: boolean;
  fetchError: string | null;
  showAll: boolean;
  /** Follow the end of a running log, and on to the stage's next running step (on by default). */
  follow: boolean;
  /**
   * The step stopped running while shown: following goes on to the next running step of the
   * stage once one runs (and the follow toggle stays while the stage runs).
   */
  followNext: boolean;
  /** The live stream held a line too long to keep, left out (issue 28 item 4). */
  droppedOverlong: boolean;
}

export type ConsoleEvent =
  | { type: 'console.update'; repo?: ConsoleInput['repo']; build: Build; stage: Stage; step: Step }
  | LogLinesEvent
  | LogOverlongEvent
  | { type: 'log.showAll' }
  | { type: 'log.retry' }
  | ShowLineEvent
  | { type: 'log.follow' }
  | { type: 'log.unfollow' }
  | BuildKeyEvent;

function freshContext(input: ConsoleInput): ConsoleContext {
  const { repo, build, stage, step } = input;
  return {
    ...input,
    ref: { ...repo, build: build.number, stage: stage.number, step: step.number },
    lines: LogLines.empty(),
    fetched: false,
    fetchError: null,
    showAll: false,
    follow: true,
    followNext: false,
    droppedOverlong: false,
  };
}

function factsOf(context: ConsoleContext): ConsoleFacts {
  return {
    buildStatus: context.build.status,
    stageStatus: context.stage.status,
    stepStatus: context.step.status,
    hasLogs: context.lines.length > 0,
    fetched: context.fetched,
    fetchError: context.fetchError,
  };
}

/** The console's log call (readStepLog as an actor). */
export function createFetchStepLogs(load: LoadStepLog) {
  // No abort signal: @xstate/react revives a stopped actor's children in React's strict and
  // offscreen modes, and the revived actor would then receive the aborted call's rejection.
  return fromPromise<LogLines, StepRef>(({ input }) => readStepLog(load, input));
}

export const fetchStepLogs = createFetchStepLogs(fetchLogs);

const TARGETS: Record<ConsoleStateName, string> = {
  idle: '#console.idle',
  loading: '#console.loading.waiting',
  fetching: '#console.loading.fetching',
  stream_on: '#console.stream_on',
  resolved: '#console.resolved',
  no_logs_available: '#console.no_logs_available',
  error: '#console.error',
};

/** The eventless transitions of a state: re-evaluated after every event (status or lines). */
function decide(from: ConsoleStateName) {
  return (Object.keys(TARGETS) as ConsoleStateName[])
    .filter((to) => to !== from)
    .map((to) => ({
      guard: { type: 'isNextState' as const, params: { from, to } },
      target: TARGETS[to],
    }));
}

export const consoleMachine = setup({
  types: {
    context: {} as ConsoleContext,
    input: {} as ConsoleInput,
    events: {} as ConsoleEvent,
  },
  actors: {
    fetchStepLogs,
    streamLogs: logStreamMachine,
    viewLog: logViewerMachine,
    consoleKeys: consoleKeysMachine,
  },
  guards: {
    isNextState: ({ context }, params: { from: ConsoleStateName; to: ConsoleStateName }) =>
      nextConsoleState(factsOf(context), params.from) === params.to,
    hasFetchError: ({ context }) => context.fetchError !== null,
    isOtherStep: ({ context, event }) =>
      event.type === 'console.update' && event.step.id !== context.step.id,
    hasStepToFollow: ({ context, event }) =>
      event.type === 'console.update' &&
      context.follow &&
      (context.followNext || hasStoppedRunning(context.step, event.step)) &&
      nextRunningStep(event.stage, context.step) !== undefined,
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
    /** Tells the page to go to the stage's next running step, once (the page navigates). */
    sendFollowStep: enqueueActions(({ context, event, enqueue }) => {
      const next = event.type === 'console.update' && nextRunningStep(event.stage, context.step);
      if (next && context.page) {
        enqueue.sendTo(context.page, { type: 'console.followStep', step: next });
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
    // Nothing decided yet (or a status docs/spec.md 4.4 has no rule for, e.g. blocked).
    idle: { always: decide('idle') },
    loading: {
      initial: 'waiting',
      states: {
        // A pending step: nothing to fetch or stream until it starts.
        waiting: { always: decide('loading') },
        fetching: {
          always: decide('fetching'),
          invoke: {
            id: 'fetchStepLogs',
            src: 'fetchStepLogs',
            input: ({ context }) => context.ref,
            onDone: {
              actions: [
                assign({
                  lines: ({ context, event }) => context.lines.concat(event.output),
                  fetched: true,
                }),
                'forwardLines',
              ],
            },
            onError: {
              actions: assign({
                fetched: true,
                fetchError: ({ event }) => (event.error as Error).message,
              }),
            },
          },
        },
      },
    },
    stream_on: {
      always: decide('stream_on'),
      initial: 'streaming',
      states: {
        streaming: {
          invoke: {
            id: 'logStream',
            src: 'streamLogs',
            input: ({ context }) => ({
              path: logStreamPath(context.ref),
              lastPos: context.lines.lastPos,
            }),
            onDone: 'ended',
          },
        },
        // eof came before the step's new status: wait for the build page's update.
        ended: {},
      },
      on: {
        'log.lines': { actions: ['assignLines', 'forwardLines'] },
        'log.overlong': { actions: assign({ droppedOverlong: true }) },
      },
    },
    resolved: { always: decide('resolved') },
    no_logs_available: { always: decide('no_logs_available') },
    error: {
      always: decide('error'),
      // A failed log call is asked again (a step or stage error is the step's own answer).
      on: {
        'log.retry': {
          guard: 'hasFetchError',
          actions: assign({ fetched: false, fetchError: null }),
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
