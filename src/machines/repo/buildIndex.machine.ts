import { assign, fromPromise, setup } from 'xstate';
import { fetchBranches, fetchDeployments } from '../../api/builds';
import type { RepoRef } from '../../api/repos';
import type { Build, Repository } from '../../api/types';
import { applyIndexUpdate, type BuildIndexKind } from './buildList';
import { errorMessageOf, serverSaid } from '../shell/callErrors';
import { isBuildOfRepo } from './repo.machine';
import { followRepoEvents } from './repoEvents.machine';
import { notify } from '../shell/toasts.machine';

// docs/spec.md 2.7, 2.8: the Branches and Deployments tabs, each the latest build per branch or per
// environment (docs/drone-api.md 3.13). Live events keep the rows current.

export type { BuildIndexKind };

export interface BuildIndexContext {
  repo: RepoRef;
  kind: BuildIndexKind;
  builds: Build[];
  error: string | null;
}

export type BuildIndexEvent =
  | { type: 'index.retry' }
  | { type: 'repo.updated'; repo: Repository }
  | { type: 'stream.reconnected' };

export const buildIndexMachine = setup({
  types: {
    context: {} as BuildIndexContext,
    input: {} as { repo: RepoRef; kind: BuildIndexKind },
    events: {} as BuildIndexEvent,
  },
  actors: {
    fetchIndex: fromPromise<Build[], { repo: RepoRef; kind: BuildIndexKind }>(({ input }) =>
      input.kind === 'branches' ? fetchBranches(input.repo) : fetchDeployments(input.repo),
    ),
    followRepoEvents,
  },
  guards: {
    isNotFound: ({ event }) => errorMessageOf(event) === 'Not Found',
    hasBuildOfThisRepo: ({ context, event }) => isBuildOfRepo(context.repo, event),
  },
  actions: {
    assignBuilds: assign({
      // The server's index has no order (docs/drone-api.md 3.13): newest first reads best.
      builds: ({ event }) =>
        (event as unknown as { output: Build[] }).output
          .slice()
          .sort((a, b) => b.number - a.number),
      error: null,
    }),
    assignLiveUpdate: assign(({ context, event }) =>
      event.type === 'repo.updated' && event.repo.build
        ? { builds: applyIndexUpdate(context.kind, context.builds, event.repo.build) }
        : {},
    ),
    assignError: assign({ error: ({ event }) => errorMessageOf(event) }),
    notifyError: ({ context }) => notify.error(serverSaid(context.error)),
  },
}).createMachine({
  id: 'buildIndex',
  context: ({ input }) => ({ repo: input.repo, kind: input.kind, builds: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchIndex',
        src: 'fetchIndex',
        input: ({ context }) => ({ repo: context.repo, kind: context.kind }),
        onDone: { target: 'ready', actions: 'assignBuilds' },
        onError: [
          { guard: 'isNotFound', target: 'notFound', actions: 'assignError' },
          { target: 'failed', actions: ['assignError', 'notifyError'] },
        ],
      },
    },
    ready: {
      invoke: { id: 'followRepoEvents', src: 'followRepoEvents' },
      on: {
        'repo.updated': { guard: 'hasBuildOfThisRepo', actions: 'assignLiveUpdate' },
        'stream.reconnected': 'loading',
      },
    },
    failed: {
      on: { 'index.retry': 'loading' },
    },
    notFound: {},
  },
});

type BuildIndexSnapshot = { context: BuildIndexContext; value: unknown };

export const selectIndexBuilds = (snapshot: BuildIndexSnapshot) => snapshot.context.builds;
export const selectIndexIsLoading = (snapshot: BuildIndexSnapshot) =>
  snapshot.value === 'loading' && snapshot.context.builds.length === 0;
export const selectIndexIsNotFound = (snapshot: BuildIndexSnapshot) =>
  snapshot.value === 'notFound';
export const selectIndexError = (snapshot: BuildIndexSnapshot) =>
  snapshot.value === 'failed' ? snapshot.context.error : null;
