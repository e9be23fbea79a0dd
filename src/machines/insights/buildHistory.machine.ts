import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { Build, Repository } from '../../api/types';
import { appActor } from '../app/appActors';
import { matchesFilter } from '../repo/buildFilter';
import { followRepoEvents } from '../repo/repoEventsLink';
import { errorMessageOf } from '../shell/callErrors';
import { finishedBuild, isRepo, loadHistory, type History, type HistoryQuery } from './history';
import { isFinished, stepRuns, type StepRun } from './stats';

// Issue 31 parts 1-2: the history the Insights tab and the build page's step trends read: one
// repository's latest finished builds with their steps, for one query (branch, event, how many).
// App-wide, so the build page's step marks, its header and its steps share one load; a new query
// loads again (the details come from the build store). It stays live: a build of the query that
// finishes is added, and a reconnected event stream reloads.

export interface BuildHistoryContext {
  query: HistoryQuery | null;
  builds: Build[];
  listed: Build[];
  /** Each step's runs, oldest first (stats.ts stepRuns), made once per change. */
  runs: Map<string, StepRun[]>;
  requests: number;
  /** When the history was loaded (seconds): the flaky window ends here. */
  loadedAt: number;
  error: string | null;
}

export type BuildHistoryEvent =
  | { type: 'history.query'; query: HistoryQuery }
  | { type: 'history.retry' }
  | { type: 'repo.updated'; repo: Repository }
  | { type: 'stream.reconnected' };

export const sameQuery = (a: HistoryQuery | null, b: HistoryQuery) =>
  a !== null &&
  a.count === b.count &&
  a.ref.namespace === b.ref.namespace &&
  a.ref.name === b.ref.name &&
  a.filter.branch === b.filter.branch &&
  a.filter.event === b.filter.event;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The builds with `build` in its place (newest first), at most `count`. */
function withBuild(builds: readonly Build[], build: Build, count: number): Build[] {
  const others = builds.filter((b) => b.number !== build.number);
  return [...others, build].sort((a, b) => b.number - a.number).slice(0, count);
}

export const buildHistoryMachine = setup({
  types: {
    context: {} as BuildHistoryContext,
    events: {} as BuildHistoryEvent,
  },
  actors: {
    loadHistory: fromPromise<History, HistoryQuery>(({ input }) => loadHistory(input)),
    // Never fails: a build that cannot be read is left out (null), the next load has it. (A
    // spawned child's failure would stop this machine.)
    fetchFinishedBuild: fromPromise<Build | null, { query: HistoryQuery; number: number }>(
      ({ input }) => finishedBuild(input.query.ref, input.number).catch(() => null),
    ),
    followRepoEvents,
  },
  guards: {
    hasFinishedBuild: ({ event }) => Boolean((event as { output?: Build | null }).output),
    isNewQuery: ({ context, event }) =>
      event.type === 'history.query' && !sameQuery(context.query, event.query),
  },
  actions: {
    assignQuery: assign({
      query: ({ event }) => (event.type === 'history.query' ? event.query : null),
      builds: [],
      listed: [],
      runs: () => new Map(),
      error: null,
    }),
    /** A build of the query finished: its details join the history. */
    fetchFinished: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'repo.updated' || !context.query) return;
      const build = event.repo.build;
      if (!build || !isRepo(context.query.ref, event.repo) || !isFinished(build)) return;
      if (!matchesFilter(build, context.query.filter)) return;
      enqueue.spawnChild('fetchFinishedBuild', {
        id: `finished.${build.number}`,
        input: { query: context.query, number: build.number },
      });
    }),
  },
}).createMachine({
  id: 'buildHistory',
  context: {
    query: null,
    builds: [],
    listed: [],
    runs: new Map(),
    requests: 0,
    loadedAt: 0,
    error: null,
  },
  initial: 'idle',
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: ({ context }) => context.query!,
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            builds: event.output.builds,
            listed: event.output.listed,
            runs: stepRuns(event.output.builds),
            requests: event.output.requests,
            loadedAt: nowSeconds(),
          })),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessageOf(event) }),
        },
      },
    },
    ready: {
      invoke: { src: 'followRepoEvents' },
      on: {
        'repo.updated': { actions: 'fetchFinished' },
        'stream.reconnected': 'loading',
        'xstate.done.actor.finished.*': {
          guard: 'hasFinishedBuild',
          actions: assign(({ context, event }) => {
            const build = (event as unknown as { output: Build }).output;
            const builds = withBuild(context.builds, build, context.query!.count);
            return {
              builds,
              listed: withBuild(context.listed, build, context.listed.length + 1),
              runs: stepRuns(builds),
              loadedAt: nowSeconds(),
            };
          }),
        },
      },
    },
    failed: {
      on: { 'history.retry': 'loading' },
    },
  },
  on: {
    'history.query': { guard: 'isNewQuery', target: '.loading', actions: 'assignQuery' },
  },
});

/** The one history of the app, started on first use (docs/architecture.md 3, "App-wide actors"). */
export const buildHistoryActor = () => appActor('buildHistory', buildHistoryMachine);

type Snapshot = { context: BuildHistoryContext; value: unknown };

export const selectHistoryState = (snapshot: Snapshot) =>
  snapshot.value as 'idle' | 'loading' | 'ready' | 'failed';
export const selectHistory = (snapshot: Snapshot) => snapshot.context;
