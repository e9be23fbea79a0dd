import { assign, fromPromise, setup } from 'xstate';
import { fetchLogs } from '../../api/logs';
import type { Build } from '../../api/types';
import type { Message } from '../../i18n/message';
import { serverSaid } from '../shell/callErrors';
import { readStepLog, type LoadStepLog } from '../console/stepLog';
import { digestLog, failedSteps, type FailedStep, type LogDigest } from './failureSummary';
import { isRedBuild } from './landing';

// Issue 30 item 2: the failure summary at the top of a red build. Its code loads after the
// build page's first lines (views/buildPage/FailureSummary.tsx); it reads each failed step's
// stored log then, and digests it in slices, never on the first lines' path.

type RepoRef = { namespace: string; name: string };

export interface SummaryStep extends FailedStep {
  digest?: LogDigest;
  /** Why its log could not be read. */
  failure?: Message;
}

export interface FailureSummaryInput {
  repo: RepoRef;
  build: Build;
}

export interface FailureSummaryContext extends FailureSummaryInput {
  steps: SummaryStep[];
}

export type FailureSummaryEvent = { type: 'summary.build'; build: Build };

/** What decides the summary: the build's status and its failed steps. */
const verdictOf = (build: Build) =>
  [
    build.number,
    build.status,
    build.error ?? '',
    ...(build.stages ?? []).map((stage) => `${stage.status}:${stage.error ?? ''}`),
    ...failedSteps(build).map(({ stage, step }) => `${stage.number}/${step.number}:${step.status}`),
  ].join('|');

/** Reads and digests every failed step's stored log (a step that errored has none). */
export function createReadFailedLogs(load: LoadStepLog) {
  return fromPromise<SummaryStep[], FailureSummaryInput>(({ input }) => {
    const { repo, build } = input;
    return Promise.all(
      failedSteps(build).map(async (failed): Promise<SummaryStep> => {
        if (failed.step.status !== 'failure') return failed;
        const ref = {
          ...repo,
          build: build.number,
          stage: failed.stage.number,
          step: failed.step.number,
        };
        try {
          return { ...failed, digest: await digestLog(await readStepLog(load, ref)) };
        } catch (error) {
          return { ...failed, failure: serverSaid((error as Error).message) };
        }
      }),
    );
  });
}

export const failureSummaryMachine = setup({
  types: {
    context: {} as FailureSummaryContext,
    input: {} as FailureSummaryInput,
    events: {} as FailureSummaryEvent,
  },
  actors: { readFailedLogs: createReadFailedLogs(fetchLogs) },
  guards: {
    isRed: ({ context }) => isRedBuild(context.build),
    hasNewVerdict: ({ context, event }) => verdictOf(event.build) !== verdictOf(context.build),
  },
  actions: {
    assignBuild: assign(({ event }) => ({ build: event.build })),
    assignFailedSteps: assign(({ context }) => ({ steps: failedSteps(context.build) })),
  },
}).createMachine({
  id: 'failureSummary',
  context: ({ input }) => ({ ...input, steps: [] }),
  initial: 'green',
  on: {
    // A restart, or a build that went red while shown: the summary starts over.
    'summary.build': [
      { guard: 'hasNewVerdict', target: '.green', reenter: true, actions: 'assignBuild' },
      { actions: 'assignBuild' },
    ],
  },
  states: {
    // Not a red build (running, passed, or waiting): nothing to summarise, until it is one.
    green: {
      always: { guard: 'isRed', target: 'reading', actions: 'assignFailedSteps' },
    },
    reading: {
      invoke: {
        src: 'readFailedLogs',
        input: ({ context }) => ({ repo: context.repo, build: context.build }),
        onDone: { target: 'ready', actions: assign({ steps: ({ event }) => event.output }) },
      },
    },
    ready: {},
  },
});
