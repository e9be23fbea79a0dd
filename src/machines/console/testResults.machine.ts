import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { fetchCardData } from '../../api/builds';
import type { RepoRef } from '../../api/repos';
import type { Build, Stage, Step } from '../../api/types';
import type { Message } from '../../i18n/message';
import type { LogLines } from '../../logs';
import { cardTestReports, type CardReport } from '../../logs/tests/cardTests';
import type { TestReport } from '../../logs/tests/report';
import { readTests } from '../../logs/tests/readTests';
import { alreadyFailing, failedCount } from '../../logs/tests/reportView';
import { errorOf } from '../shell/callErrors';
import { findPreviousStepLog, type PreviousStepLog } from './previousStepLog';

// Issue 30 item 4: the tests panel of one step. Once the console has read the step's log, its
// test results are parsed in a worker (logs/tests/), failures first; when some failed, the same
// step of the previous finished build of the branch is read the same way, so each failure is
// "new" or "already failing". A drone-junit style card on the step adds its counts. The search
// box and "Show more" page through the cases without building a row per case.

/** Cases shown at first, and added by each "Show more". */
export const TESTS_PAGE = 50;

/** The console's actor as this machine reads it: its state and lines. */
export interface LogSource {
  getSnapshot(): ConsoleView;
  subscribe(observer: (snapshot: ConsoleView) => void): { unsubscribe(): void };
}
interface ConsoleView {
  value: unknown;
  context: { lines: LogLines; step: { id: number } };
}

export interface TestResultsInput {
  repo: RepoRef;
  build: Build;
  stage: Stage;
  step: Step;
  /** The step's console: its lines, once read, are this panel's input. */
  log?: LogSource;
}

/** How the failures compare with the previous build's. */
export type Comparison = 'pending' | 'compared' | 'noPrevious' | 'noPreviousStep' | 'failed';

export interface TestResultsContext extends TestResultsInput {
  lines: LogLines | null;
  /** The previous build's run of the step, while it is read. */
  previousLines: LogLines | null;
  report: TestReport | null;
  error: Message | null;
  comparison: Comparison;
  previousBuild: number | null;
  /** Per failed case: 1 when it failed in the previous build as well. */
  alreadyFailing: Uint8Array | null;
  card: CardReport[] | null;
  cardError: Message | null;
  query: string;
  limit: number;
}

export type TestResultsEvent =
  | { type: 'tests.log'; lines: LogLines }
  | { type: 'tests.retry' }
  | { type: 'tests.search'; query: string }
  | { type: 'tests.showMore' };

const outputOf = <T>(event: unknown) => (event as { output: T }).output;

/** Sends the console's lines once it has read the whole log (a finished step's stored log). */
export const watchLog = fromCallback<{ type: 'noop' }, { log?: LogSource; step: number }>(
  ({ input, sendBack }) => {
    const { log } = input;
    if (!log) return undefined;
    let sent = false;
    const check = (snapshot: ConsoleView) => {
      // The console's own step: right after a step change it still holds the previous one.
      if (sent || snapshot.value !== 'resolved' || snapshot.context.step.id !== input.step) return;
      sent = true;
      sendBack({ type: 'tests.log', lines: snapshot.context.lines });
    };
    check(log.getSnapshot());
    const subscription = log.subscribe(check);
    return () => subscription.unsubscribe();
  },
);

export const testResultsMachine = setup({
  types: {
    context: {} as TestResultsContext,
    input: {} as TestResultsInput,
    events: {} as TestResultsEvent,
  },
  actors: {
    watchLog,
    readTests: fromPromise<TestReport, { lines: LogLines }>(({ input, signal }) =>
      readTests(input.lines, { signal }),
    ),
    findPreviousStepLog: fromPromise<PreviousStepLog, TestResultsInput>(({ input }) =>
      findPreviousStepLog(input),
    ),
    fetchTestsCard: fromPromise<CardReport[] | null, TestResultsInput>(async ({ input }) =>
      cardTestReports(
        await fetchCardData(input.repo, input.build.number, input.stage.number, input.step.number),
      ),
    ),
  },
  guards: {
    hasFailures: ({ event }) => failedCount(outputOf<TestReport>(event)) > 0,
    hasPreviousLog: ({ event }) => outputOf<PreviousStepLog>(event).lines !== null,
    hasCard: ({ context }) => Boolean(context.step.schema),
  },
  actions: {
    assignLines: assign({
      lines: ({ event }) => (event.type === 'tests.log' ? event.lines : null),
    }),
    assignReport: assign({ report: ({ event }) => outputOf<TestReport>(event), error: null }),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    assignNoPrevious: assign(({ event }) => {
      const { build } = outputOf<PreviousStepLog>(event);
      return { previousBuild: build, comparison: build === null ? 'noPrevious' : 'noPreviousStep' };
    }),
    assignPreviousLog: assign(({ event }) => {
      const { build, lines } = outputOf<PreviousStepLog>(event);
      return { previousBuild: build, previousLines: lines };
    }),
    assignComparison: assign(({ context, event }) => ({
      comparison: 'compared' as const,
      previousLines: null,
      alreadyFailing: alreadyFailing(context.report!, outputOf<TestReport>(event)),
    })),
    assignCompareFailed: assign({ comparison: 'failed', previousLines: null }),
    assignCard: assign({ card: ({ event }) => outputOf<CardReport[] | null>(event) }),
    assignCardError: assign({ cardError: ({ event }) => errorOf(event) }),
    assignQuery: assign(({ event }) =>
      event.type === 'tests.search' ? { query: event.query, limit: TESTS_PAGE } : {},
    ),
    assignMore: assign({ limit: ({ context }) => context.limit + TESTS_PAGE }),
  },
}).createMachine({
  id: 'testResults',
  context: ({ input }) => ({
    ...input,
    lines: null,
    previousLines: null,
    report: null,
    error: null,
    comparison: 'pending',
    previousBuild: null,
    alreadyFailing: null,
    card: null,
    cardError: null,
    query: '',
    limit: TESTS_PAGE,
  }),
  type: 'parallel',
  on: {
    'tests.search': { actions: 'assignQuery' },
    'tests.showMore': { actions: 'assignMore' },
  },
  states: {
    log: {
      initial: 'waiting',
      states: {
        // Until the console has the whole log: nothing is parsed on the first lines' path.
        waiting: {
          invoke: {
            src: 'watchLog',
            input: ({ context }) => ({ log: context.log, step: context.step.id }),
          },
          on: { 'tests.log': { target: 'reading', actions: 'assignLines' } },
        },
        reading: {
          invoke: {
            src: 'readTests',
            input: ({ context }) => ({ lines: context.lines! }),
            onDone: [
              { guard: 'hasFailures', target: 'comparing', actions: 'assignReport' },
              { target: 'ready', actions: 'assignReport' },
            ],
            onError: { target: 'failed', actions: 'assignError' },
          },
        },
        // Failures shown meanwhile; the previous build's run tells new from already failing.
        comparing: {
          initial: 'findingPrevious',
          states: {
            findingPrevious: {
              invoke: {
                src: 'findPreviousStepLog',
                input: ({ context }) => context,
                onDone: [
                  {
                    guard: 'hasPreviousLog',
                    target: 'readingPrevious',
                    actions: 'assignPreviousLog',
                  },
                  { target: '#testResults.log.ready', actions: 'assignNoPrevious' },
                ],
                onError: { target: '#testResults.log.ready', actions: 'assignCompareFailed' },
              },
            },
            readingPrevious: {
              invoke: {
                src: 'readTests',
                input: ({ context }) => ({ lines: context.previousLines! }),
                onDone: { target: '#testResults.log.ready', actions: 'assignComparison' },
                onError: { target: '#testResults.log.ready', actions: 'assignCompareFailed' },
              },
            },
          },
        },
        ready: {},
        failed: {
          on: { 'tests.retry': { target: 'reading' } },
        },
      },
    },
    card: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasCard', target: 'loading' }, { target: 'none' }] },
        loading: {
          invoke: {
            src: 'fetchTestsCard',
            input: ({ context }) => context,
            onDone: { target: 'loaded', actions: 'assignCard' },
            onError: { target: 'failed', actions: 'assignCardError' },
          },
        },
        loaded: {},
        none: {},
        failed: {},
      },
    },
  },
});
