import { assign, fromPromise, not, raise, sendTo, setup } from 'xstate';
import * as buildsApi from '../../api/builds';
import { msg } from '../../i18n/message';
import { errorMessageOf } from '../shell/callErrors';
import { fetchRepo, type RepoRef } from '../../api/repos';
import { pagePath } from '../../api/urls';
import { NOT_FOUND_MESSAGES as REPO_NOT_FOUND_MESSAGES } from '../repo/repo.machine';
import { isDone, stepOf, type Build, type Repository } from '../../api/types';
import type { FollowStepEvent, OpenStepEvent } from '../console/consoleFollow';
import { landingStep, type Landing } from './landing';
import type { Navigate } from '../shell/navigation';
import { watchOnline, type ConnectivityEvent } from '../runtime/connectivity';
import { watchPageVisibility, type PageVisibilityEvent } from '../runtime/pageVisibility';
import type { RepoEventsEmitted } from '../repo/repoEvents.machine';
import { followRepoEvents } from '../repo/repoEventsLink';
import { notify } from '../shell/toasts.machine';
import { watchForNotifications } from '../notifications/notificationsLink';
import { showBuildInTab, tabStatusOf } from '../notifications/tabStatus';

// docs/spec.md 4.2: the build page is in error, blocked or normal. It follows the open build through
// repository events (docs/drone-api.md 5.2), refetches after a stream reconnection, and polls slowly
// while the build is unfinished in case an event was missed.

export const POLL_DELAY = 5000;
/**
 * docs/spec.md 4.2 and 2.5: a missing build, or a repository the visitor may not see ('Unauthorized' is
 * Drone's answer to a signed-out visitor of a private repository), shows the not-found page.
 */
export const NOT_FOUND_MESSAGES = [...REPO_NOT_FOUND_MESSAGES, 'sql: no rows in result set'];
export const GENERIC_ERROR =
  'Something went wrong. It is highly likely that this page does not exist';
export const approveFailed = (message: string) => msg('messages.approveFailed', { message });
export const declineFailed = (message: string) => msg('messages.declineFailed', { message });

/** `compare`: the build beside the previous one of its branch (issue 19 item 6). */
export type BuildView = 'log' | 'graph' | 'card' | 'compare';

/** What the URL asks for: /{ns}/{name}/{build}/{stage}/{step}?view=... */
export interface BuildRoute {
  build: number;
  stage: number;
  step: number;
  view: BuildView;
  /**
   * The URL names no stage and step: the page lands on the running step of a running build, the
   * first failed step of a failed one (issue 29 item 1, issue 30 item 1), else on stage 1, step 1.
   */
  landing: boolean;
}

export interface BuildPageInput extends BuildRoute {
  repo: RepoRef;
  navigate: Navigate;
}

export interface BuildPageContext {
  repoRef: RepoRef;
  navigate: Navigate;
  route: BuildRoute;
  repo: Repository | null;
  build: Build | null;
  /** The message of the last failed load or refresh; cleared by the next good answer. */
  fetchError: string | null;
  /** The page landed on a failed step: its console opens on the first error line. */
  landOnError: boolean;
}

export type BuildPageEvent =
  | { type: 'route.changed'; route: BuildRoute }
  | { type: 'build.approve' }
  | { type: 'build.decline' }
  | { type: 'build.reload' }
  | { type: 'build.received'; build: Build }
  | { type: 'build.changed' }
  | FollowStepEvent
  | OpenStepEvent
  /** Try the failed load again: the Retry button, the network coming back, the tab shown again. */
  | { type: 'build.retry' }
  | ConnectivityEvent
  | PageVisibilityEvent
  | RepoEventsEmitted;

interface BuildTarget {
  repo: RepoRef;
  build: number;
}

const loadBuildPage = fromPromise<
  { repo: Repository; build: Build; landing: Landing | null },
  BuildTarget & { landing: boolean }
>(async ({ input }) => {
  const [repo, build] = await Promise.all([
    fetchRepo(input.repo),
    buildsApi.fetchBuild(input.repo, input.build),
  ]);
  // Where a URL without stage and step lands.
  const landing = input.landing ? landingStep(build) : null;
  return { repo, build, landing };
});

const stageTarget = ({ context }: { context: BuildPageContext }) => ({
  repo: context.repoRef,
  build: context.route.build,
  stage: context.route.stage,
});

const errorMessage = (event: unknown) => errorMessageOf(event);

/** A step's URL in the view the page shows. */
function stepPath({ repoRef, route }: BuildPageContext, stage: number, step: number) {
  const query = route.view === 'log' ? '' : `?view=${route.view}`;
  return `${pagePath(repoRef.namespace, repoRef.name, route.build, stage, step)}${query}`;
}

/** The stage the URL points at, if the build has it. */
export const requestedStage = (context: Pick<BuildPageContext, 'build' | 'route'>) =>
  context.build?.stages?.find((stage) => stage.number === context.route.stage);

/** The step the URL points at, if its stage has it. */
export const requestedStep = (context: Pick<BuildPageContext, 'build' | 'route'>) =>
  stepOf(context.build, context.route.stage, context.route.step);

/** Issue 29 item 6: a step number beyond the steps the stage has (none yet is no error). */
const isStepOutOfRange = (context: Pick<BuildPageContext, 'build' | 'route'>) =>
  (requestedStage(context)?.steps?.length ?? 0) > 0 && requestedStep(context) === undefined;

export const buildPageMachine = setup({
  types: {
    context: {} as BuildPageContext,
    input: {} as BuildPageInput,
    events: {} as BuildPageEvent,
  },
  actors: {
    loadBuildPage,
    refetchBuild: fromPromise<Build, BuildTarget>(({ input }) =>
      buildsApi.fetchBuild(input.repo, input.build),
    ),
    approveStage: fromPromise<void, BuildTarget & { stage: number }>(({ input }) =>
      buildsApi.approveStage(input.repo, input.build, input.stage),
    ),
    declineStage: fromPromise<void, BuildTarget & { stage: number }>(({ input }) =>
      buildsApi.declineStage(input.repo, input.build, input.stage),
    ),
    followRepoEvents,
    showBuildInTab,
    watchForNotifications,
    watchOnline,
    watchPageVisibility,
  },
  delays: { POLL_DELAY },
  guards: {
    // docs/spec.md 4.2 error: the fetch failed, the build has an error, or the stage (or step) is
    // out of range.
    hasError: ({ context }) =>
      !context.build ||
      context.fetchError !== null ||
      Boolean(context.build.error) ||
      requestedStage(context) === undefined ||
      isStepOutOfRange(context),
    isBlocked: ({ context }) =>
      context.build?.status === 'pending' && requestedStage(context)?.status === 'blocked',
    isUnfinished: ({ context }) => context.build !== null && !isDone(context.build.status),
    // A load or refresh that failed can be tried again; a build's own error cannot.
    hasFetchError: ({ context }) => context.fetchError !== null,
    // Landing is the log view's: the graph, cards and comparison show the whole build.
    isLandingRoute: ({ context }) => context.route.landing && context.route.view === 'log',
    /** A link to this build without stage and step, followed while the build is shown. */
    isLandingOnThisBuild: ({ context, event }) =>
      event.type === 'route.changed' &&
      event.route.landing &&
      event.route.view === 'log' &&
      event.route.build === context.route.build &&
      context.build !== null,
    isSameRoute: ({ context, event }) =>
      event.type === 'route.changed' &&
      (Object.keys(event.route) as Array<keyof BuildRoute>).every(
        (key) => event.route[key] === context.route[key],
      ),
    isOtherBuild: ({ context, event }) =>
      event.type === 'route.changed' && event.route.build !== context.route.build,
    isEventForThisBuild: ({ context, event }) =>
      event.type === 'repo.updated' &&
      event.repo.namespace === context.repoRef.namespace &&
      event.repo.name === context.repoRef.name &&
      event.repo.build?.number === context.route.build,
    isThisBuild: ({ context, event }) =>
      event.type === 'build.received' && event.build.number === context.route.build,
  },
  actions: {
    assignPage: assign(({ event }) => {
      const { repo, build } = (event as unknown as { output: { repo: Repository; build: Build } })
        .output;
      return { repo, build, fetchError: null };
    }),
    assignBuild: assign({
      build: ({ event }) => (event as unknown as { output: Build }).output,
      fetchError: null,
    }),
    assignReceivedBuild: assign(({ context, event }) => {
      if (event.type === 'repo.updated') return { build: event.repo.build ?? context.build };
      if (event.type === 'build.received') return { build: event.build };
      return {};
    }),
    assignFetchError: assign({ fetchError: ({ event }) => errorMessage(event) }),
    assignRoute: assign(({ context, event }) => {
      if (event.type !== 'route.changed') return {};
      const { stage, step } = event.route;
      const sameStep = stage === context.route.stage && step === context.route.step;
      return { route: event.route, landOnError: context.landOnError && sameStep };
    }),
    /** The step a URL without stage and step lands on, shown at once (its URL follows). */
    assignLandingStep: assign(({ context, event }) => {
      const { landing } = (event as unknown as { output: { landing: Landing | null } }).output;
      if (!landing) return {};
      const { stage, step, failed } = landing;
      return { route: { ...context.route, stage, step, landing: false }, landOnError: failed };
    }),
    /**
     * The address bar names the step landed on, replacing the URL without it; stage 1, step 1 of
     * a build that did not fail is what that URL means already (docs/spec.md 2.1).
     */
    navigateToLandingStep: ({ context }) => {
      const { stage, step } = context.route;
      if (stage === 1 && step === 1 && !context.landOnError) return;
      context.navigate(stepPath(context, stage, step), { replace: true });
    },
    assignOtherBuild: assign(({ context, event }) =>
      event.type === 'route.changed'
        ? {
            route: event.route,
            build: null,
            repo: context.repo,
            fetchError: null,
            landOnError: false,
          }
        : {},
    ),
    /** j / k, or following the logs: another step (of any stage), in the view the page shows. */
    navigateToStep: ({ context, event }) => {
      if (event.type === 'step.open' || event.type === 'console.followStep') {
        context.navigate(stepPath(context, event.stage, event.step));
      }
    },
    /** Issue 19 item 1: the tab shows the build's status (favicon and title prefix). */
    showStatusInTab: sendTo('tab', ({ context }) => ({
      type: 'tab.status' as const,
      status: tabStatusOf(
        context.build?.status ?? 'pending',
        context.build?.status === 'pending' && requestedStage(context)?.status === 'blocked',
      ),
    })),
    /** Another build of the repository: its end is the one to announce. */
    watchOtherBuild: sendTo('notifyWatch', ({ context }) => ({
      type: 'notifications.scope' as const,
      scope: { ...context.repoRef, build: context.route.build },
    })),
    raiseBuildChanged: raise({ type: 'build.changed' }),
    raiseReload: raise({ type: 'build.reload' }),
    notifyApproveFailed: ({ event }) => notify.error(approveFailed(errorMessage(event))),
    notifyDeclineFailed: ({ event }) => notify.error(declineFailed(errorMessage(event))),
  },
}).createMachine({
  id: 'buildPage',
  context: ({ input }) => ({
    repoRef: input.repo,
    navigate: input.navigate,
    route: {
      build: input.build,
      stage: input.stage,
      step: input.step,
      view: input.view,
      landing: input.landing,
    },
    repo: null,
    build: null,
    fetchError: null,
    landOnError: false,
  }),
  invoke: [
    // Live repository events for the whole life of the page.
    { src: 'followRepoEvents' },
    // Issue 19 item 1: the build's status in the tab; a notification when it finishes.
    { id: 'tab', src: 'showBuildInTab' },
    {
      id: 'notifyWatch',
      src: 'watchForNotifications',
      input: ({ context }) => ({ ...context.repoRef, build: context.route.build }),
    },
  ],
  type: 'parallel',
  states: {
    page: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadBuildPage',
            input: ({ context }) => ({
              repo: context.repoRef,
              build: context.route.build,
              landing: context.route.landing && context.route.view === 'log',
            }),
            onDone: [
              {
                guard: 'isLandingRoute',
                target: 'routing',
                actions: ['assignPage', 'assignLandingStep', 'navigateToLandingStep'],
              },
              { target: 'routing', actions: 'assignPage' },
            ],
            onError: { target: 'error', actions: 'assignFetchError' },
          },
        },
        routing: {
          entry: 'showStatusInTab',
          always: [
            { guard: 'hasError', target: 'error' },
            { guard: 'isBlocked', target: 'blocked' },
            { target: 'normal' },
          ],
        },
        error: {
          // A failed load is tried again when asked, when the network is back or when the tab
          // is shown again (a hidden tab's failure is retried as soon as someone looks).
          invoke: [
            { src: 'watchOnline' },
            { src: 'watchPageVisibility', input: { hiddenAfterMs: 0 } },
          ],
          on: {
            'build.changed': 'routing',
            'build.retry': { guard: 'hasFetchError', target: 'loading' },
            'network.online': { guard: 'hasFetchError', target: 'loading' },
            'page.visible': { guard: 'hasFetchError', target: 'loading' },
          },
        },
        blocked: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'build.approve': 'approving',
                'build.decline': 'declining',
                'build.changed': '#buildPage.page.routing',
              },
            },
            approving: {
              invoke: {
                src: 'approveStage',
                input: stageTarget,
                onDone: { target: 'reloading', actions: 'raiseReload' },
                onError: { target: 'idle', actions: 'notifyApproveFailed' },
              },
            },
            declining: {
              invoke: {
                src: 'declineStage',
                input: stageTarget,
                onDone: { target: 'reloading', actions: 'raiseReload' },
                onError: { target: 'idle', actions: 'notifyDeclineFailed' },
              },
            },
            // Waits for the reloaded build, then shows whatever state it is in now.
            reloading: {
              on: { 'build.changed': '#buildPage.page.routing' },
            },
          },
        },
        normal: {
          on: { 'build.changed': 'routing' },
        },
      },
    },
    // Refetches of the open build, beside whatever the page shows.
    sync: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'isUnfinished', target: 'polling' },
        },
        polling: {
          always: { guard: not('isUnfinished'), target: 'idle' },
          after: { POLL_DELAY: 'refreshing' },
        },
        refreshing: {
          invoke: {
            src: 'refetchBuild',
            input: ({ context }) => ({ repo: context.repoRef, build: context.route.build }),
            onDone: { target: 'idle', actions: ['assignBuild', 'raiseBuildChanged'] },
            onError: { target: 'idle', actions: ['assignFetchError', 'raiseBuildChanged'] },
          },
        },
      },
      on: {
        'stream.reconnected': '.refreshing',
        'build.reload': '.refreshing',
      },
    },
  },
  on: {
    'route.changed': [
      // The route shown (the page's first render says it too): nothing changes, nothing renders
      // again (issue 32).
      { guard: 'isSameRoute' },
      // Another build: load it from scratch and drop any refresh of the old one.
      {
        guard: 'isOtherBuild',
        target: ['.page.loading', '.sync.idle'],
        actions: ['assignOtherBuild', 'watchOtherBuild'],
      },
      // This build without stage and step: loaded again, to land by its statuses as they are.
      { guard: 'isLandingOnThisBuild', target: '.page.loading', actions: 'assignRoute' },
      // Same build, other stage, step or view: decide the page state again, no refetch.
      { actions: ['assignRoute', 'raiseBuildChanged'] },
    ],
    'repo.updated': {
      guard: 'isEventForThisBuild',
      actions: ['assignReceivedBuild', 'raiseBuildChanged'],
    },
    'build.received': {
      guard: 'isThisBuild',
      actions: ['assignReceivedBuild', 'raiseBuildChanged'],
    },
    'console.followStep': { actions: 'navigateToStep' },
    'step.open': { actions: 'navigateToStep' },
  },
});
