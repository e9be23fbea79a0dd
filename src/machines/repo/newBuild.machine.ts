import { assign, emit, fromPromise, setup } from 'xstate';
import { createBuild, type Param } from '../../api/builds';
import type { ApiError } from '../../api/client';
import type { RepoRef } from '../../api/repos';
import type { Build } from '../../api/types';
import { isMalformedAnswer, UNREADABLE_ANSWER } from '../shell/callErrors';
import { commitDraftParam, emptyParamForm, removeParam, type ParamForm } from './params';
import { msg } from '../../i18n/message';
import { notify } from '../shell/toasts.machine';
import { offerCommand } from '../palette/paletteOffers';
import { announceWhenFinished } from '../notifications/notificationsLink';

// docs/spec.md 2.14, 5, 8: the New Build dialog. Branch (target), commit and key/value parameters are
// sent as the query of POST /builds; the server answers the build, or `null` when no pipeline ran.

export const NEW_BUILD_STARTED = msg('repo.newBuild.started');
export const NEW_BUILD_NOT_STARTED = msg('repo.newBuild.notStarted');
export const newBuildFailed = (message: string) => msg('repo.newBuild.failed', { message });

export type NewBuildField = 'branch' | 'commit' | 'draftKey' | 'draftValue';

export interface NewBuildContext extends ParamForm {
  repo: RepoRef;
  branch: string;
  commit: string;
  /** The build the server created; the page follows it to its build view. */
  created: Build | null;
}

export type NewBuildEvent =
  | { type: 'newBuild.open' }
  | { type: 'newBuild.close' }
  | { type: 'newBuild.edit'; field: NewBuildField; value: string }
  | { type: 'param.add' }
  | { type: 'param.remove'; index: number }
  | { type: 'newBuild.submit' };

/** Told once, when the build exists: the page opens it. */
export type NewBuildEmitted = { type: 'newBuild.created'; build: Build };

export interface CreateBuildInput {
  repo: RepoRef;
  branch: string;
  commit: string;
  params: Param[];
}

const blankForm = () => ({ branch: '', commit: '', created: null, ...emptyParamForm() });

export const newBuildMachine = setup({
  types: {
    context: {} as NewBuildContext,
    input: {} as { repo: RepoRef },
    events: {} as NewBuildEvent,
    emitted: {} as NewBuildEmitted,
  },
  actors: {
    createNewBuild: fromPromise<Build | null, CreateBuildInput>(({ input }) =>
      createBuild(input.repo, input),
    ),
    offerCommand,
  },
  guards: {
    isNoBuild: ({ event }) => (event as { output?: Build | null }).output == null,
    isMalformedAnswer: ({ event }) => isMalformedAnswer(event),
  },
  actions: {
    assignBlankForm: assign(blankForm),
    assignField: assign(({ event }) =>
      event.type === 'newBuild.edit' ? { [event.field]: event.value } : {},
    ),
    assignParamAdded: assign(({ context }) => commitDraftParam(context)),
    assignParamRemoved: assign(({ context, event }) =>
      event.type === 'param.remove' ? { params: removeParam(context.params, event.index) } : {},
    ),
    assignCreated: assign({
      created: ({ event }) => (event as unknown as { output: Build }).output,
    }),
    notifyStarted: () => notify.success(NEW_BUILD_STARTED),
    emitCreated: emit(
      ({ context }) => ({ type: 'newBuild.created', build: context.created! }) as const,
    ),
    /** Issue 19 item 1: announced when it finishes, wherever the user is by then. */
    announceCreated: ({ context }) =>
      announceWhenFinished({ ...context.repo, build: context.created!.number }),
    notifyNotStarted: () => notify.warning(NEW_BUILD_NOT_STARTED),
    notifyUnreadable: () => notify.warning(UNREADABLE_ANSWER),
    notifyFailed: (_, params: { message: string }) => notify.error(newBuildFailed(params.message)),
  },
}).createMachine({
  id: 'newBuild',
  context: ({ input }) => ({ repo: input.repo, ...blankForm() }),
  initial: 'closed',
  states: {
    closed: {
      // The command palette offers 'New build on {repo}' while the dialog can open.
      invoke: {
        src: 'offerCommand',
        input: ({ context }) => ({
          command: {
            id: 'newBuild',
            name: 'newBuild' as const,
            values: { repo: `${context.repo.namespace}/${context.repo.name}` },
          },
          event: { type: 'newBuild.open' },
        }),
      },
      on: { 'newBuild.open': { target: 'editing', actions: 'assignBlankForm' } },
    },
    editing: {
      on: {
        'newBuild.edit': { actions: 'assignField' },
        'param.add': { actions: 'assignParamAdded' },
        'param.remove': { actions: 'assignParamRemoved' },
        'newBuild.submit': 'submitting',
        'newBuild.close': 'closed',
      },
    },
    submitting: {
      invoke: {
        id: 'createNewBuild',
        src: 'createNewBuild',
        // docs/spec.md 5: target and commit are trimmed (parameters were trimmed when added).
        input: ({ context }) => ({
          repo: context.repo,
          branch: context.branch.trim(),
          commit: context.commit.trim(),
          params: context.params,
        }),
        onDone: [
          // The form stays open so the user can pick another branch or commit.
          { guard: 'isNoBuild', target: 'editing', actions: 'notifyNotStarted' },
          {
            target: 'created',
            actions: ['assignCreated', 'notifyStarted', 'announceCreated', 'emitCreated'],
          },
        ],
        onError: [
          // The server took it but its answer could not be read: not a failure to retry. The
          // builds list below gets the new build from the server's events as it starts.
          { guard: 'isMalformedAnswer', target: 'closed', actions: 'notifyUnreadable' },
          {
            target: 'editing',
            actions: {
              type: 'notifyFailed',
              params: ({ event }) => ({ message: (event.error as ApiError).message }),
            },
          },
        ],
      },
    },
    // The page opens the new build when it hears `newBuild.created`; nothing else happens here.
    created: {},
  },
});

type NewBuildSnapshot = { context: NewBuildContext; value: unknown };

export const selectIsOpen = (snapshot: NewBuildSnapshot) => snapshot.value !== 'closed';
export const selectIsSubmitting = (snapshot: NewBuildSnapshot) => snapshot.value === 'submitting';
export const selectCreatedBuild = (snapshot: NewBuildSnapshot) =>
  snapshot.value === 'created' ? snapshot.context.created : null;
export const selectForm = (snapshot: NewBuildSnapshot) => snapshot.context;
