import { msg, type Message } from '../../i18n/message';
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import { activateRepo, disableRepo, fetchRepo, updateRepo, type RepoRef } from '../../api/repos';
import type { Repository, RepositoryPatch, Visibility } from '../../api/types';
import {
  applyToggle,
  formOf,
  patchOf,
  type BooleanSetting,
  type RepoSettingsForm,
} from './repoSettingsForm';
import { UNREADABLE_ANSWER, errorOf, isMalformedAnswer } from '../shell/callErrors';
import { notify } from '../shell/toasts.machine';

// docs/spec.md 4.6 and 2.12: a repository's activation, its general settings form and disabling it.
// The form's rules (the auto-cancel rule, the PATCH body) are in repoSettingsForm.ts.

export {
  applyToggle,
  canChangeAutoCancelRunning,
  formOf,
  patchOf,
  type BooleanSetting,
  type RepoSettingsForm,
} from './repoSettingsForm';

export interface RepoSettingsInput {
  repo: Repository;
  isSystemAdmin: boolean;
}

interface RepoSettingsContext extends RepoSettingsInput {
  form: RepoSettingsForm;
}

export type RepoSettingsEvent =
  | { type: 'repo.activate' }
  | { type: 'settings.toggle'; field: BooleanSetting; value: boolean }
  | { type: 'settings.visibility'; visibility: Visibility }
  | { type: 'settings.timeout'; timeout: number }
  | { type: 'settings.configPath'; configPath: string }
  | { type: 'settings.save' }
  | { type: 'repo.disable' }
  | { type: 'disable.confirm' }
  | { type: 'disable.cancel' }
  | { type: 'session.roleChanged'; isSystemAdmin: boolean };

const refOf = ({ namespace, name }: Repository): RepoRef => ({ namespace, name });
const messageOf = (error: unknown) => (error as ApiError).message;

/**
 * The answers of POST/PATCH/DELETE carry no `permissions` (docs/drone-api.md 4.1); keep the ones we had
 * so the page keeps offering what the user may do.
 */
function mergeRepo(previous: Repository, next: Repository | null | undefined): Repository {
  if (!next || typeof next !== 'object') return previous;
  return { ...previous, ...next, permissions: next.permissions ?? previous.permissions };
}

/** An activate, save or disable whose answer could not be read: fetch the repository again. */
const UNREADABLE = { guard: 'isMalformedAnswer', target: '#repoSettings.refreshing' } as const;

export const repoSettingsMachine = setup({
  types: {
    context: {} as RepoSettingsContext,
    input: {} as RepoSettingsInput,
    events: {} as RepoSettingsEvent,
    emitted: {} as { type: 'repo.changed'; repo: Repository },
  },
  actors: {
    activateRepo: fromPromise<Repository, RepoRef>(({ input }) => activateRepo(input)),
    saveSettings: fromPromise<Repository, { repo: RepoRef; patch: RepositoryPatch }>(({ input }) =>
      updateRepo(input.repo, input.patch),
    ),
    disableRepo: fromPromise<Repository, RepoRef>(({ input }) => disableRepo(input)),
    fetchRepo: fromPromise<Repository, RepoRef>(({ input }) => fetchRepo(input)),
  },
  guards: {
    isMalformedAnswer: ({ event }) => isMalformedAnswer(event),
    isActive: ({ context }) => context.repo.active,
    isRepoAdmin: ({ context }) => context.isSystemAdmin || context.repo.permissions?.admin === true,
  },
  actions: {
    assignRepo: assign(({ context }, output: Repository | undefined) => {
      const repo = mergeRepo(context.repo, output);
      return { repo, form: formOf(repo) };
    }),
    assignDisabled: assign(({ context }, output: Repository | undefined) => ({
      // The disable answer is unused by the original UI (docs/spec.md 7.2): the repo is inactive now.
      repo: { ...mergeRepo(context.repo, output), active: false },
    })),
    emitRepoChanged: emit(({ context }) => ({ type: 'repo.changed' as const, repo: context.repo })),
    notifySuccess: (_, message: Message) => notify.success(message),
    notifyWarning: (_, message: Message) => notify.warning(message),
    notifyError: (_, message: Message) => notify.error(message),
  },
}).createMachine({
  id: 'repoSettings',
  context: ({ input }) => ({ ...input, form: formOf(input.repo) }),
  // The session may resolve after the page: the role changes what is offered, not the form.
  on: {
    'session.roleChanged': {
      actions: assign({ isSystemAdmin: ({ event }) => event.isSystemAdmin }),
    },
  },
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isActive', target: 'active' }, { target: 'inactive' }],
    },
    inactive: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'repo.activate': { guard: 'isRepoAdmin', target: 'activating' } },
        },
        activating: {
          invoke: {
            id: 'activateRepo',
            src: 'activateRepo',
            input: ({ context }) => refOf(context.repo),
            onDone: {
              target: '#repoSettings.active',
              actions: [
                { type: 'assignRepo', params: ({ event }) => event.output },
                { type: 'notifySuccess', params: msg('settings.messages.repoEnabled') },
                'emitRepoChanged',
              ],
            },
            onError: [
              UNREADABLE,
              // docs/spec.md 8: activation failures show the bare server message.
              {
                target: 'idle',
                actions: {
                  type: 'notifyError',
                  params: ({ event }) => errorOf({ error: event.error }),
                },
              },
            ],
          },
        },
      },
    },
    // The server took a change but its answer could not be read: show the repository it holds.
    refreshing: {
      entry: { type: 'notifyWarning', params: UNREADABLE_ANSWER },
      invoke: {
        id: 'fetchRepo',
        src: 'fetchRepo',
        input: ({ context }) => refOf(context.repo),
        onDone: {
          target: 'checking',
          actions: [{ type: 'assignRepo', params: ({ event }) => event.output }, 'emitRepoChanged'],
        },
        onError: {
          target: 'checking',
          actions: { type: 'notifyError', params: ({ event }) => errorOf({ error: event.error }) },
        },
      },
    },
    active: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'settings.toggle': {
              actions: assign({
                form: ({ context, event }) => applyToggle(context.form, event.field, event.value),
              }),
            },
            'settings.visibility': {
              actions: assign({
                form: ({ context, event }) => ({ ...context.form, visibility: event.visibility }),
              }),
            },
            'settings.timeout': {
              actions: assign({
                form: ({ context, event }) => ({ ...context.form, timeout: Number(event.timeout) }),
              }),
            },
            'settings.configPath': {
              actions: assign({
                form: ({ context, event }) => ({ ...context.form, config_path: event.configPath }),
              }),
            },
            'settings.save': 'saving',
            'repo.disable': 'confirmingDisable',
          },
        },
        saving: {
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => ({ repo: refOf(context.repo), patch: patchOf(context.form) }),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'assignRepo', params: ({ event }) => event.output },
                { type: 'notifySuccess', params: msg('settings.messages.changesSaved') },
                'emitRepoChanged',
              ],
            },
            onError: [
              UNREADABLE,
              {
                target: 'editing',
                actions: {
                  type: 'notifyError',
                  params: ({ event }) =>
                    msg('settings.messages.saveFailed', { message: messageOf(event.error) }),
                },
              },
            ],
          },
        },
        confirmingDisable: {
          on: { 'disable.confirm': 'disabling', 'disable.cancel': 'editing' },
        },
        disabling: {
          invoke: {
            id: 'disableRepo',
            src: 'disableRepo',
            input: ({ context }) => refOf(context.repo),
            onDone: {
              target: '#repoSettings.inactive',
              actions: [
                { type: 'assignDisabled', params: ({ event }) => event.output },
                { type: 'notifySuccess', params: msg('settings.messages.repoDisabled') },
                'emitRepoChanged',
              ],
            },
            onError: [
              UNREADABLE,
              {
                target: 'editing',
                actions: {
                  type: 'notifyError',
                  params: ({ event }) =>
                    msg('settings.messages.disableFailed', { message: messageOf(event.error) }),
                },
              },
            ],
          },
        },
      },
    },
  },
});

export type RepoSettingsSnapshot = SnapshotFrom<typeof repoSettingsMachine>;

export const selectRepo = (snapshot: RepoSettingsSnapshot) => snapshot.context.repo;
export const selectForm = (snapshot: RepoSettingsSnapshot) => snapshot.context.form;
/** Active, or being looked at again while it was (the form stays up meanwhile). */
export const selectIsActive = (snapshot: RepoSettingsSnapshot) =>
  snapshot.matches('active') || (snapshot.matches('refreshing') && snapshot.context.repo.active);
export const selectCanActivate = (snapshot: RepoSettingsSnapshot) =>
  snapshot.context.isSystemAdmin || snapshot.context.repo.permissions?.admin === true;
export const selectIsActivating = (snapshot: RepoSettingsSnapshot) =>
  snapshot.matches({ inactive: 'activating' });
export const selectIsSaving = (snapshot: RepoSettingsSnapshot) =>
  snapshot.matches({ active: 'saving' });
export const selectIsConfirmingDisable = (snapshot: RepoSettingsSnapshot) =>
  snapshot.matches({ active: 'confirmingDisable' });
export const selectIsDisabling = (snapshot: RepoSettingsSnapshot) =>
  snapshot.matches({ active: 'disabling' });
export const selectIsSystemAdmin = (snapshot: RepoSettingsSnapshot) =>
  snapshot.context.isSystemAdmin;
