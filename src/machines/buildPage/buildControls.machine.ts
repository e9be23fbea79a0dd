import { emit, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { cancelBuild, restartBuild } from '../../api/builds';
import { msg } from '../../i18n/message';
import { errorMessageOf, isMalformedAnswer, UNREADABLE_ANSWER } from '../shell/callErrors';
import type { RepoRef } from '../../api/repos';
import type { Build } from '../../api/types';
import { pagePath } from '../../api/urls';
import { deploymentMachine } from './deployment.machine';
import type { Navigate } from '../shell/navigation';
import { notify } from '../shell/toasts.machine';
import { announceWhenFinished } from '../notifications/notificationsLink';

// docs/spec.md 4.3, 8: Cancel for a pending or running build; Restart, Promote and Debug for a finished
// one. Like the other machines that move the user, it gets the router's navigate through input.

export const cancelFailed = (message: string) => msg('build.actions.cancelFailed', { message });
export const restartFailed = (message: string) => msg('build.actions.restartFailed', { message });
export const debugFailed = (message: string) => msg('build.actions.debugFailed', { message });
/** The server answers `null` when the restarted pipeline was skipped (docs/drone-api.md 4.2). */

export type BuildControlsEvent =
  | { type: 'build.cancel' }
  | { type: 'build.restart' }
  | { type: 'build.debug' }
  | { type: 'build.promote' };

/**
 * The cancelled build as the server returned it, so the page can show it at once; or word that
 * the build changed but the answer could not be read, so the page fetches it again.
 */
export type BuildControlsEmitted =
  { type: 'build.cancelled'; build: Build } | { type: 'build.stale' };

export interface ControlsContext {
  repo: RepoRef;
  build: number;
  navigate: Navigate;
}

export interface BuildTarget {
  repo: RepoRef;
  build: number;
}

const buildUrl = ({ repo }: ControlsContext, number: number, suffix = '') =>
  `${pagePath(repo.namespace, repo.name, number)}${suffix}`;

const errorMessage = (event: unknown) => errorMessageOf(event);
const outputOf = (event: unknown) => (event as { output?: Build | null }).output ?? null;

/** A restart whose answer could not be read: its number is unknown, the builds list shows it. */
const UNREADABLE_NEW_BUILD = {
  guard: 'isMalformedAnswer',
  target: 'idle',
  actions: ['notifyUnreadable', 'navigateToBuilds'],
} as const;

export const buildControlsMachine = setup({
  types: {
    context: {} as ControlsContext,
    input: {} as ControlsContext,
    events: {} as BuildControlsEvent,
    emitted: {} as BuildControlsEmitted,
  },
  actors: {
    cancelBuild: fromPromise<Build, BuildTarget>(({ input }) =>
      cancelBuild(input.repo, input.build),
    ),
    restartBuild: fromPromise<Build | null, BuildTarget & { debug: boolean }>(({ input }) =>
      restartBuild(input.repo, input.build, input.debug),
    ),
    deployment: deploymentMachine,
  },
  guards: {
    hasNewBuild: ({ event }) => outputOf(event) !== null,
    hasDeployedBuild: ({ event }) =>
      Boolean((event as { output?: { created: Build | null } }).output?.created),
    isMalformedAnswer: ({ event }) => isMalformedAnswer(event),
    isUnreadableDeploy: ({ event }) =>
      (event as { output?: { unreadable?: boolean } }).output?.unreadable === true,
  },
  actions: {
    // docs/spec.md 4.3: after a cancel, go to the build with the returned number.
    emitCancelled: emit(({ event }) => ({
      type: 'build.cancelled' as const,
      build: outputOf(event) as Build,
    })),
    navigateToCancelled: ({ context, event }) =>
      context.navigate(buildUrl(context, outputOf(event)?.number ?? context.build)),
    // docs/spec.md 4.3: a restart lands on the new build's first stage and step.
    navigateToRestarted: ({ context, event }) =>
      context.navigate(buildUrl(context, outputOf(event)!.number, '/1/1')),
    // docs/spec.md 4.3: debug restarts and deployments go to the new build number.
    navigateToNewBuild: ({ context, event }) =>
      context.navigate(buildUrl(context, outputOf(event)!.number)),
    /** Issue 19 item 1: a build started here is announced when it finishes. */
    announceNewBuild: ({ context, event }) => {
      // A restart answers the build; the deployment dialog's output holds it as `created`.
      const output = (event as { output?: Build | { created: Build | null } | null }).output;
      const build = output && 'number' in output ? output : output?.created;
      if (build) announceWhenFinished({ ...context.repo, build: build.number });
    },
    emitStale: emit({ type: 'build.stale' as const }),
    // A new build whose answer could not be read: the repository's list shows it.
    navigateToBuilds: ({ context }) =>
      context.navigate(`/${context.repo.namespace}/${context.repo.name}`),
    notifyUnreadable: () => notify.warning(UNREADABLE_ANSWER),
    navigateToDeployed: ({ context, event }) => {
      const { created } = (event as unknown as { output: { created: Build } }).output;
      context.navigate(buildUrl(context, created.number));
    },
    notifyCancelFailed: ({ event }) => notify.error(cancelFailed(errorMessage(event))),
    notifyRestartFailed: ({ event }) => notify.error(restartFailed(errorMessage(event))),
    notifyDebugFailed: ({ event }) => notify.error(debugFailed(errorMessage(event))),
    notifyNothingRestarted: () => notify.error(msg('build.actions.nothingRestarted')),
    notifyNothingDebugged: () => notify.error(msg('build.actions.nothingDebugged')),
  },
}).createMachine({
  id: 'buildControls',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'build.cancel': 'cancelling',
        'build.restart': 'restarting',
        'build.debug': 'debugging',
        'build.promote': 'deploying',
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelBuild',
        src: 'cancelBuild',
        input: ({ context }) => ({ repo: context.repo, build: context.build }),
        onDone: { target: 'idle', actions: ['emitCancelled', 'navigateToCancelled'] },
        onError: [
          {
            guard: 'isMalformedAnswer',
            target: 'idle',
            actions: ['notifyUnreadable', 'emitStale'],
          },
          { target: 'idle', actions: 'notifyCancelFailed' },
        ],
      },
    },
    restarting: {
      invoke: {
        id: 'restartBuild',
        src: 'restartBuild',
        input: ({ context }) => ({ repo: context.repo, build: context.build, debug: false }),
        onDone: [
          {
            guard: 'hasNewBuild',
            target: 'idle',
            actions: ['announceNewBuild', 'navigateToRestarted'],
          },
          { target: 'idle', actions: 'notifyNothingRestarted' },
        ],
        onError: [UNREADABLE_NEW_BUILD, { target: 'idle', actions: 'notifyRestartFailed' }],
      },
    },
    debugging: {
      invoke: {
        id: 'debugBuild',
        src: 'restartBuild',
        input: ({ context }) => ({ repo: context.repo, build: context.build, debug: true }),
        onDone: [
          {
            guard: 'hasNewBuild',
            target: 'idle',
            actions: ['announceNewBuild', 'navigateToNewBuild'],
          },
          { target: 'idle', actions: 'notifyNothingDebugged' },
        ],
        onError: [UNREADABLE_NEW_BUILD, { target: 'idle', actions: 'notifyDebugFailed' }],
      },
    },
    // The 'Create deployment' dialog is open while this child runs.
    deploying: {
      invoke: {
        id: 'deployment',
        src: 'deployment',
        input: ({ context }) => ({ repo: context.repo, build: context.build }),
        onDone: [
          {
            guard: 'hasDeployedBuild',
            target: 'idle',
            actions: ['announceNewBuild', 'navigateToDeployed'],
          },
          {
            guard: 'isUnreadableDeploy',
            target: 'idle',
            actions: ['notifyUnreadable', 'navigateToBuilds'],
          },
          { target: 'idle' },
        ],
      },
    },
  },
});

export type DeploymentRef = ActorRefFrom<typeof deploymentMachine>;

type ControlsSnapshot = { value: unknown; children: Record<string, unknown> };

export const selectIsBusy = (snapshot: ControlsSnapshot) =>
  snapshot.value !== 'idle' && snapshot.value !== 'deploying';
export const selectBusyAction = (snapshot: ControlsSnapshot) => snapshot.value as string;
export const selectDeployment = (snapshot: ControlsSnapshot) =>
  snapshot.children.deployment as DeploymentRef | undefined;

// The registry reaches the delete-log machine through this module, so it shares the build
// controls' chunk instead of adding one more chunk name to the first screen's preload lists.
export { deleteLogMachine } from '../console/deleteLog.machine';
