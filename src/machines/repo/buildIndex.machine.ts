import { assign, fromPromise, setup } from 'xstate';
import { fetchBranches, fetchDeployments } from '../../api/builds';
import { deleteBranchEntry, fetchPulls } from '../../api/buildIndex';
import type { RepoRef } from '../../api/repos';
import type { Build, Repository } from '../../api/types';
import { applyIndexUpdate, type BuildIndexKind } from './buildList';
import { msg } from '../../i18n/message';
import { errorMessageOf, errorOf, serverSaid } from '../shell/callErrors';
import { isBuildOfRepo } from './repo.machine';
import { followRepoEvents } from './repoEventsLink';
import { notify } from '../shell/toasts.machine';

// docs/spec.md 2.7, 2.8: the Branches and Deployments tabs, each the latest build per branch or per
// environment (docs/drone-api.md 3.13), and the Pull Requests tab (issue 31 part 5). Live events
// keep the rows current. A writer may remove a stale branch from the list (its builds stay) after
// a confirmation (issue 31 part 5; Drone's CheckWriteAccess).

export type { BuildIndexKind };

export interface BuildIndexContext {
  repo: RepoRef;
  kind: BuildIndexKind;
  builds: Build[];
  error: string | null;
  /** The branch a removal is asked, or being made, for. */
  removing: string | null;
}

export type BuildIndexEvent =
  | { type: 'index.retry' }
  | { type: 'entry.remove'; branch: string }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
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
      input.kind === 'branches'
        ? fetchBranches(input.repo)
        : input.kind === 'pulls'
          ? fetchPulls(input.repo)
          : fetchDeployments(input.repo),
    ),
    deleteBranchEntry: fromPromise<void, { repo: RepoRef; branch: string }>(({ input }) =>
      deleteBranchEntry(input.repo, input.branch),
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
    assignRemoving: assign({
      removing: ({ event }) => (event.type === 'entry.remove' ? event.branch : null),
    }),
    clearRemoving: assign({ removing: null }),
    dropRemoved: assign({
      builds: ({ context }) => context.builds.filter((build) => build.target !== context.removing),
    }),
    notifyRemoved: ({ context }) =>
      notify.success(msg('repo.branchRemoved', { branch: context.removing ?? '' })),
    notifyRemoveFailed: ({ event }) => notify.error(errorOf(event)),
  },
}).createMachine({
  id: 'buildIndex',
  context: ({ input }) => ({
    repo: input.repo,
    kind: input.kind,
    builds: [],
    error: null,
    removing: null,
  }),
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
      initial: 'idle',
      states: {
        idle: { on: { 'entry.remove': { target: 'confirming', actions: 'assignRemoving' } } },
        confirming: {
          on: {
            'confirm.accept': 'removing',
            'confirm.cancel': { target: 'idle', actions: 'clearRemoving' },
          },
        },
        removing: {
          invoke: {
            id: 'deleteBranchEntry',
            src: 'deleteBranchEntry',
            input: ({ context }) => ({ repo: context.repo, branch: context.removing ?? '' }),
            onDone: { target: 'idle', actions: ['dropRemoved', 'notifyRemoved', 'clearRemoving'] },
            onError: { target: 'idle', actions: ['notifyRemoveFailed', 'clearRemoving'] },
          },
        },
      },
    },
    failed: {
      on: { 'index.retry': 'loading' },
    },
    notFound: {},
  },
});

type BuildIndexSnapshot = {
  context: BuildIndexContext;
  value: unknown;
  matches(value: unknown): boolean;
};

export const selectIndexBuilds = (snapshot: BuildIndexSnapshot) => snapshot.context.builds;
export const selectIndexIsLoading = (snapshot: BuildIndexSnapshot) =>
  snapshot.value === 'loading' && snapshot.context.builds.length === 0;
/** The branch whose removal waits for a confirmation. */
export const selectConfirmingRemoval = (snapshot: BuildIndexSnapshot) =>
  snapshot.matches({ ready: 'confirming' }) ? snapshot.context.removing : null;
export const selectIsRemoving = (snapshot: BuildIndexSnapshot) =>
  snapshot.matches({ ready: 'removing' });
export const selectIndexIsNotFound = (snapshot: BuildIndexSnapshot) =>
  snapshot.value === 'notFound';
export const selectIndexError = (snapshot: BuildIndexSnapshot) =>
  snapshot.value === 'failed' ? snapshot.context.error : null;
