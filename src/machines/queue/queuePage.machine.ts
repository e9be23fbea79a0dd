import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/client';
import { pauseQueue, fetchQueue, resumeQueue } from '../../api/queue';
import { fetchIncompleteBuilds } from '../../api/user';
import { msg, type Message } from '../../i18n/message';
import { followRepoEvents } from '../repo/repoEventsLink';
import { errorMessageOf, errorOf } from '../shell/callErrors';
import { notify } from '../shell/toasts.machine';
import { buildsOf, pickupsOf, queueReport, type QueueData } from './queueReport';

// Issue 31 part 4: the administrators' queue page (/settings/queue). It reads Drone's queue and
// incomplete builds, ticks the waits and elapsed times once a second, reads again on the event
// stream (a runner taking a stage, a step or stage ending) and every 30 s (a new pending build
// publishes nothing: trigger.go), and pauses or resumes the scheduler after a confirmation. A
// server without the queue API (501 on Drone's open-source build, 404 on an older one) gets a
// notice instead. Drone reports nowhere whether the scheduler is paused: the page knows only
// what it did itself.

export const TICK_INTERVAL = 1000;
export const POLL_INTERVAL = 30_000;
/** Events come in bursts (every step of a build): one read after the burst. */
export const REFRESH_DELAY = 1000;

export type SchedulerState = 'unknown' | 'paused' | 'resumed';

export interface QueuePageContext {
  data: QueueData;
  now: number;
  pickups: Record<string, number>;
  scheduler: SchedulerState;
  /** Why the queue cannot be shown: a load failure, or the server without a queue API. */
  problem: Message | null;
  /** A read after the first failed: the rows shown are older than this. */
  staleError: Message | null;
  /** An event arrived during a read: read once more after it. */
  dirty: boolean;
}

export type QueuePageEvent =
  | { type: 'queue.retry' }
  | { type: 'queue.refresh' }
  | { type: 'queue.pause' }
  | { type: 'queue.resume' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'repo.updated' }
  | { type: 'stream.reconnected' };

const statusOf = (event: unknown) => (event as { error?: ApiError }).error?.status;

export const readQueue = async (): Promise<QueueData> => {
  const [stages, repos] = await Promise.all([fetchQueue(), fetchIncompleteBuilds()]);
  return { stages, builds: buildsOf(repos) };
};

export const queuePageMachine = setup({
  types: {
    context: {} as QueuePageContext,
    events: {} as QueuePageEvent,
  },
  actors: {
    readQueue: fromPromise<QueueData>(readQueue),
    pauseQueue: fromPromise<void>(() => pauseQueue()),
    resumeQueue: fromPromise<void>(() => resumeQueue()),
    followRepoEvents,
  },
  delays: { TICK_INTERVAL, POLL_INTERVAL, REFRESH_DELAY },
  guards: {
    // Drone's open-source build answers 501; a server older than the queue API, chi's 404.
    isWithoutQueueApi: ({ event }) => statusOf(event) === 501 || statusOf(event) === 404,
    isDirty: ({ context }) => context.dirty,
  },
  actions: {
    assignData: assign(({ context, event }) => {
      const data = (event as unknown as { output: QueueData }).output;
      return {
        data,
        now: Date.now(),
        pickups: pickupsOf(data.stages, context.pickups),
        problem: null,
        staleError: null,
        dirty: false,
      };
    }),
    assignUnsupported: assign({
      problem: ({ event }) =>
        msg('admin.queue.unsupported', {
          status: statusOf(event) ?? 0,
          message: errorMessageOf(event),
        }),
    }),
    assignProblem: assign({ problem: ({ event }) => errorOf(event) }),
    assignStale: assign({ staleError: ({ event }) => errorOf(event), dirty: false }),
    markDirty: assign({ dirty: true }),
    readClock: assign({ now: () => Date.now() }),
    assignPaused: assign({ scheduler: 'paused' as const }),
    assignResumed: assign({ scheduler: 'resumed' as const }),
    notifyPaused: () => notify.success(msg('admin.queue.pausedToast')),
    notifyResumed: () => notify.success(msg('admin.queue.resumedToast')),
    notifyError: ({ event }) => notify.error(errorOf(event)),
  },
}).createMachine({
  id: 'queuePage',
  context: () => ({
    data: { stages: [], builds: {} },
    now: Date.now(),
    pickups: {},
    scheduler: 'unknown',
    problem: null,
    staleError: null,
    dirty: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'readQueue',
        onDone: { target: 'ready', actions: 'assignData' },
        onError: [
          { guard: 'isWithoutQueueApi', target: 'unsupported', actions: 'assignUnsupported' },
          { target: 'failed', actions: 'assignProblem' },
        ],
      },
    },
    failed: { on: { 'queue.retry': 'loading' } },
    unsupported: { on: { 'queue.retry': 'loading' } },
    ready: {
      type: 'parallel',
      invoke: { src: 'followRepoEvents' },
      states: {
        clock: {
          initial: 'ticking',
          states: {
            ticking: {
              after: { TICK_INTERVAL: { target: 'ticking', reenter: true, actions: 'readClock' } },
            },
          },
        },
        data: {
          initial: 'idle',
          states: {
            idle: {
              after: { POLL_INTERVAL: 'reading' },
              on: {
                'repo.updated': 'settling',
                'stream.reconnected': 'reading',
                'queue.refresh': 'reading',
              },
            },
            settling: { after: { REFRESH_DELAY: 'reading' } },
            reading: {
              invoke: {
                src: 'readQueue',
                onDone: [
                  { guard: 'isDirty', target: 'settling', actions: 'assignData' },
                  { target: 'idle', actions: 'assignData' },
                ],
                onError: { target: 'idle', actions: 'assignStale' },
              },
              on: { 'repo.updated': { actions: 'markDirty' } },
            },
          },
        },
        scheduler: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'queue.pause': 'confirmingPause', 'queue.resume': 'confirmingResume' },
            },
            confirmingPause: {
              on: { 'confirm.accept': 'pausing', 'confirm.cancel': 'idle' },
            },
            pausing: {
              invoke: {
                src: 'pauseQueue',
                onDone: { target: 'idle', actions: ['assignPaused', 'notifyPaused'] },
                onError: { target: 'idle', actions: 'notifyError' },
              },
            },
            confirmingResume: {
              on: { 'confirm.accept': 'resuming', 'confirm.cancel': 'idle' },
            },
            resuming: {
              invoke: {
                src: 'resumeQueue',
                onDone: { target: 'idle', actions: ['assignResumed', 'notifyResumed'] },
                onError: { target: 'idle', actions: 'notifyError' },
              },
            },
          },
        },
      },
    },
  },
});

interface QueuePageSnapshot {
  context: QueuePageContext;
  matches(value: unknown): boolean;
}

export const selectIsLoading = (snapshot: QueuePageSnapshot) => snapshot.matches('loading');
export const selectProblem = (snapshot: QueuePageSnapshot) =>
  snapshot.matches('failed') ? snapshot.context.problem : null;
export const selectUnsupported = (snapshot: QueuePageSnapshot) =>
  snapshot.matches('unsupported') ? snapshot.context.problem : null;
export const selectStaleError = (snapshot: QueuePageSnapshot) => snapshot.context.staleError;
export const selectScheduler = (snapshot: QueuePageSnapshot) => snapshot.context.scheduler;
export const selectConfirming = (snapshot: QueuePageSnapshot): 'pause' | 'resume' | null =>
  snapshot.matches({ ready: { scheduler: 'confirmingPause' } })
    ? 'pause'
    : snapshot.matches({ ready: { scheduler: 'confirmingResume' } })
      ? 'resume'
      : null;
export const selectIsSwitching = (snapshot: QueuePageSnapshot) =>
  snapshot.matches({ ready: { scheduler: 'pausing' } }) ||
  snapshot.matches({ ready: { scheduler: 'resuming' } });
export const selectNow = (snapshot: QueuePageSnapshot) => snapshot.context.now;
export const selectData = (snapshot: QueuePageSnapshot) => snapshot.context.data;
export const selectPickups = (snapshot: QueuePageSnapshot) => snapshot.context.pickups;

/** The report at the machine's clock: the view memoises it on data, clock and pickups. */
export const reportOf = (
  context: Pick<QueuePageContext, 'data' | 'now' | 'pickups' | 'scheduler'>,
) =>
  queueReport(context.data, {
    now: context.now,
    pickups: context.pickups,
    paused: context.scheduler === 'paused',
  });
