import { assign, fromPromise, setup } from 'xstate';
import { fetchBuild, fetchBuilds } from '../../api/builds';
import { fetchLogs, type StepRef } from '../../api/logs';
import type { RepoRef } from '../../api/repos';
import type { Build, Stage, Status, Step } from '../../api/types';
import type { LogLines } from '../../logs';
import type { LogDiff } from '../../logs/logDiff';
import { diffLogsOffThread } from '../../logs/logDiffClient';
import { msg, type Message } from '../../i18n/message';
import { errorOf } from '../shell/callErrors';
import { isBranchBuild, lastGreen, sameStep } from './baseline';

// Issue 30 item 5: a failed step's log against the same step in the last green build of its
// branch (baseline.ts). Closed until asked; then it pages the repository's builds (newest
// first, PAGE_SIZE a page, MAX_PAGES at most) until it meets that build, loads it, reads both
// logs and diffs them in a worker (logs/logDiffClient.ts). The builds of the branch it saw are
// offered to pick another one from.

/** docs/drone-api.md 8: the largest page the server accepts. */
export const PAGE_SIZE = 100;
/** How far back the green build is looked for: 500 builds. */
export const MAX_PAGES = 5;
/** How many builds of the branch the picker offers. */
export const MAX_OFFERED = 10;

export interface OfferedBuild {
  number: number;
  status: Status;
  message: string;
}

export interface LogDiffInput {
  repo: RepoRef;
  build: Build;
  stage: Stage;
  step: Step;
}

/** Where a failure happened, so Retry starts there again. */
type Phase = 'searching' | 'loadingBaseline' | 'loadingLogs' | 'comparing';

export interface LogDiffContext {
  repo: RepoRef;
  build: Build;
  stageName: string;
  stepName: string;
  /** This build's failed step. */
  current: StepRef;
  /** The last page of the build list searched. */
  page: number;
  /** Finished builds of the branch seen while searching, newest first. */
  offered: OfferedBuild[];
  /** The build compared against: the last green one, or the one picked. */
  chosen: number | null;
  /** That build's step of the same stage and step names. */
  baseline: StepRef | null;
  logs: BothLogs | null;
  diff: LogDiff | null;
  error: Message | null;
  failedIn: Phase;
}

export interface PageInput {
  repo: RepoRef;
  page: number;
}
export interface BaselineInput {
  repo: RepoRef;
  number: number;
}
export interface BothLogs {
  before: LogLines;
  after: LogLines;
}
export interface BothLogsInput {
  before: StepRef;
  after: StepRef;
}

export type LogDiffEvent =
  | { type: 'diff.open' }
  | { type: 'diff.close' }
  | { type: 'diff.retry' }
  | { type: 'diff.pick'; number: number };

const output = <T>(event: unknown) => (event as { output: T }).output;

const offer = (build: Build): OfferedBuild => ({
  number: build.number,
  status: build.status,
  message: build.message.split('\n')[0] ?? '',
});

export const logDiffMachine = setup({
  types: {
    context: {} as LogDiffContext,
    input: {} as LogDiffInput,
    events: {} as LogDiffEvent,
  },
  actors: {
    fetchBuildsPage: fromPromise<Build[], PageInput>(({ input }) =>
      fetchBuilds(input.repo, input.page, PAGE_SIZE),
    ),
    fetchBaseline: fromPromise<Build, BaselineInput>(({ input }) =>
      fetchBuild(input.repo, input.number),
    ),
    fetchBothLogs: fromPromise<BothLogs, BothLogsInput>(async ({ input }) => {
      const [before, after] = await Promise.all([fetchLogs(input.before), fetchLogs(input.after)]);
      return { before, after };
    }),
    diffLogs: fromPromise<LogDiff, BothLogs>(({ input, signal }) =>
      diffLogsOffThread(input.before, input.after, signal),
    ),
  },
  guards: {
    pageHasGreen: ({ context, event }) => !!lastGreen(context.build, output<Build[]>(event)),
    // A short page is the last one; past MAX_PAGES the search gives up.
    searchIsOver: ({ context, event }) =>
      output<Build[]>(event).length < PAGE_SIZE || context.page >= MAX_PAGES,
    hasSameStep: ({ context, event }) =>
      !!sameStep(output<Build>(event), context.stageName, context.stepName),
    hasDiff: ({ context }) => context.diff !== null,
    failedSearching: ({ context }) => context.failedIn === 'searching',
    failedLoadingBaseline: ({ context }) => context.failedIn === 'loadingBaseline',
  },
  actions: {
    assignOffered: assign({
      offered: ({ context, event }) =>
        [
          ...context.offered,
          ...output<Build[]>(event)
            .filter((other) => isBranchBuild(context.build, other))
            .map(offer),
        ].slice(0, MAX_OFFERED),
    }),
    assignGreen: assign({
      chosen: ({ context, event }) => lastGreen(context.build, output<Build[]>(event))!.number,
    }),
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
    assignPicked: assign({
      chosen: ({ event }) => (event as { number: number }).number,
      diff: null,
      error: null,
    }),
    assignBaseline: assign({
      baseline: ({ context, event }) => {
        const found = sameStep(output<Build>(event), context.stageName, context.stepName)!;
        const { namespace, name } = context.repo;
        const build = output<Build>(event).number;
        return { namespace, name, build, stage: found.stage.number, step: found.step.number };
      },
    }),
    assignLogs: assign({ logs: ({ event }) => output<BothLogs>(event) }),
    // The diff is all the view needs: both logs are let go.
    assignDiff: assign({ diff: ({ event }) => output<LogDiff>(event), logs: null }),
    restartSearch: assign({ page: 1, offered: [], chosen: null, diff: null, error: null }),
    clearError: assign({ error: null }),
    assignCallError: assign({ error: ({ event }) => errorOf(event) }),
    assignDiffError: assign({
      error: ({ event }) => {
        const error = (event as { error?: unknown }).error;
        return msg('build.logDiff.failed', {
          message: error instanceof Error ? error.message : String(error),
        });
      },
      logs: null,
    }),
    failedIn: assign((_, phase: Phase) => ({ failedIn: phase })),
  },
}).createMachine({
  id: 'logDiff',
  context: ({ input }) => ({
    repo: input.repo,
    build: input.build,
    stageName: input.stage.name,
    stepName: input.step.name,
    current: {
      ...input.repo,
      build: input.build.number,
      stage: input.stage.number,
      step: input.step.number,
    },
    page: 1,
    offered: [],
    chosen: null,
    baseline: null,
    logs: null,
    diff: null,
    error: null,
    failedIn: 'searching',
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'diff.open': [
          { guard: 'hasDiff', target: 'open.ready' },
          { target: 'open.searching', actions: 'restartSearch' },
        ],
      },
    },
    open: {
      initial: 'searching',
      on: {
        'diff.close': { target: 'closed' },
        'diff.pick': { target: '.loadingBaseline', actions: 'assignPicked' },
      },
      states: {
        searching: {
          invoke: {
            id: 'fetchBuildsPage',
            src: 'fetchBuildsPage',
            input: ({ context }) => ({ repo: context.repo, page: context.page }),
            onDone: [
              {
                guard: 'pageHasGreen',
                target: 'loadingBaseline',
                actions: ['assignOffered', 'assignGreen'],
              },
              { guard: 'searchIsOver', target: 'none', actions: 'assignOffered' },
              { target: 'searching', reenter: true, actions: ['assignOffered', 'nextPage'] },
            ],
            onError: {
              target: 'failed',
              actions: ['assignCallError', { type: 'failedIn', params: 'searching' }],
            },
          },
        },
        /** No green build of the branch in the builds searched: one may still be picked. */
        none: {},
        loadingBaseline: {
          entry: 'clearError',
          invoke: {
            id: 'fetchBaseline',
            src: 'fetchBaseline',
            input: ({ context }) => ({ repo: context.repo, number: context.chosen ?? 0 }),
            onDone: [
              { guard: 'hasSameStep', target: 'loadingLogs', actions: 'assignBaseline' },
              { target: 'noStep' },
            ],
            onError: {
              target: 'failed',
              actions: ['assignCallError', { type: 'failedIn', params: 'loadingBaseline' }],
            },
          },
        },
        /** The chosen build has no log of a step of the same stage and step names. */
        noStep: {},
        loadingLogs: {
          invoke: {
            id: 'fetchBothLogs',
            src: 'fetchBothLogs',
            input: ({ context }) => ({ before: context.baseline!, after: context.current }),
            onDone: { target: 'comparing', actions: 'assignLogs' },
            onError: {
              target: 'failed',
              actions: ['assignCallError', { type: 'failedIn', params: 'loadingLogs' }],
            },
          },
        },
        comparing: {
          invoke: {
            id: 'diffLogs',
            src: 'diffLogs',
            input: ({ context }) => context.logs!,
            onDone: { target: 'ready', actions: 'assignDiff' },
            onError: {
              target: 'failed',
              actions: ['assignDiffError', { type: 'failedIn', params: 'comparing' }],
            },
          },
        },
        ready: {},
        failed: {
          on: {
            'diff.retry': [
              { guard: 'failedSearching', target: 'searching', actions: 'restartSearch' },
              { guard: 'failedLoadingBaseline', target: 'loadingBaseline' },
              { target: 'loadingLogs' },
            ],
          },
        },
      },
    },
  },
});

type LogDiffSnapshot = { context: LogDiffContext; value: unknown };

export type LogDiffState =
  | 'closed'
  | 'searching'
  | 'none'
  | 'loadingBaseline'
  | 'noStep'
  | 'loadingLogs'
  | 'comparing'
  | 'ready'
  | 'failed';

export const selectLogDiffState = (snapshot: LogDiffSnapshot): LogDiffState =>
  snapshot.value === 'closed'
    ? 'closed'
    : ((snapshot.value as { open: LogDiffState }).open ?? 'closed');
export const selectDiff = (snapshot: LogDiffSnapshot) => snapshot.context.diff;
export const selectOffered = (snapshot: LogDiffSnapshot) => snapshot.context.offered;
export const selectChosen = (snapshot: LogDiffSnapshot) => snapshot.context.chosen;
export const selectBaseline = (snapshot: LogDiffSnapshot) => snapshot.context.baseline;
export const selectCurrent = (snapshot: LogDiffSnapshot) => snapshot.context.current;
export const selectDiffError = (snapshot: LogDiffSnapshot) => snapshot.context.error;
export const selectBranch = (snapshot: LogDiffSnapshot) => snapshot.context.build.target;
