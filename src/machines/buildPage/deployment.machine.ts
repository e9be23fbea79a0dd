import { assign, fromPromise, setup } from 'xstate';
import {
  DEFAULT_DEPLOY_TARGET,
  deployBuild,
  type DeployAction,
  type Param,
} from '../../api/builds';
import { msg } from '../../i18n/message';
import { errorMessageOf, isMalformedAnswer } from '../shell/callErrors';
import type { RepoRef } from '../../api/repos';
import type { Build } from '../../api/types';
import { commitDraftParam, emptyParamForm, removeParam, type ParamForm } from '../repo/params';
import { notify } from '../shell/toasts.machine';

// docs/spec.md 2.14, 4.3, 5, 8: the 'Create deployment' dialog opened by Promote. The action defaults
// to promote, the target to empty (sent as production); Deploy submits and closes.

export const DEPLOY_NO_BUILD = msg('build.deploy.noBuild');
export const deployFailed = (message: string) => msg('build.deploy.failed', { message });

export type DeploymentField = 'target' | 'draftKey' | 'draftValue';

export interface DeploymentContext extends ParamForm {
  repo: RepoRef;
  build: number;
  action: DeployAction;
  target: string;
  /** The build the server created; the parent navigates to it. */
  created: Build | null;
  /** The server took the deploy but its answer could not be read; the parent looks again. */
  unreadable: boolean;
}

export type DeploymentEvent =
  | { type: 'deployment.setAction'; action: DeployAction }
  | { type: 'deployment.edit'; field: DeploymentField; value: string }
  | { type: 'param.add' }
  | { type: 'param.remove'; index: number }
  | { type: 'deployment.submit' }
  | { type: 'deployment.cancel' };

export interface DeployInput {
  repo: RepoRef;
  build: number;
  action: DeployAction;
  target: string;
  params: Param[];
}

export const deploymentMachine = setup({
  types: {
    context: {} as DeploymentContext,
    input: {} as { repo: RepoRef; build: number },
    events: {} as DeploymentEvent,
    output: {} as { created: Build | null; unreadable: boolean },
  },
  actors: {
    deployBuild: fromPromise<Build | null, DeployInput>(({ input }) =>
      deployBuild(input.repo, input.build, input),
    ),
  },
  guards: {
    isNoBuild: ({ event }) => (event as { output?: Build | null }).output == null,
    isMalformedAnswer: ({ event }) => isMalformedAnswer(event),
  },
  actions: {
    assignAction: assign(({ event }) =>
      event.type === 'deployment.setAction' ? { action: event.action } : {},
    ),
    assignField: assign(({ event }) =>
      event.type === 'deployment.edit' ? { [event.field]: event.value } : {},
    ),
    assignParamAdded: assign(({ context }) => commitDraftParam(context)),
    assignParamRemoved: assign(({ context, event }) =>
      event.type === 'param.remove' ? { params: removeParam(context.params, event.index) } : {},
    ),
    assignCreated: assign({
      created: ({ event }) => (event as unknown as { output: Build }).output,
    }),
    notifyNoBuild: () => notify.error(DEPLOY_NO_BUILD),
    notifyFailed: ({ event }) => notify.error(deployFailed(errorMessageOf(event))),
  },
}).createMachine({
  id: 'deployment',
  context: ({ input }) => ({
    repo: input.repo,
    build: input.build,
    action: 'promote',
    target: '',
    created: null,
    unreadable: false,
    ...emptyParamForm(),
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'deployment.setAction': { actions: 'assignAction' },
        'deployment.edit': { actions: 'assignField' },
        'param.add': { actions: 'assignParamAdded' },
        'param.remove': { actions: 'assignParamRemoved' },
        'deployment.submit': 'submitting',
        'deployment.cancel': 'closed',
      },
    },
    submitting: {
      invoke: {
        src: 'deployBuild',
        // docs/spec.md 9: an empty target is sent as production.
        input: ({ context }) => ({
          repo: context.repo,
          build: context.build,
          action: context.action,
          target: context.target.trim() || DEFAULT_DEPLOY_TARGET,
          params: context.params,
        }),
        onDone: [
          { guard: 'isNoBuild', target: 'closed', actions: 'notifyNoBuild' },
          { target: 'closed', actions: 'assignCreated' },
        ],
        onError: [
          { guard: 'isMalformedAnswer', target: 'closed', actions: assign({ unreadable: true }) },
          { target: 'closed', actions: 'notifyFailed' },
        ],
      },
    },
    // Deploy and Cancel both close the dialog; `created` says whether a build came of it.
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ created: context.created, unreadable: context.unreadable }),
});

type DeploymentSnapshot = { context: DeploymentContext; value: unknown };

export const selectDeploymentForm = (snapshot: DeploymentSnapshot) => snapshot.context;
export const selectIsDeploying = (snapshot: DeploymentSnapshot) => snapshot.value === 'submitting';
