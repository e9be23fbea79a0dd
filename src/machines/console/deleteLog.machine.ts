import { emit, fromPromise, setup } from 'xstate';
import { deleteStepLog } from '../../api/logDelete';
import type { StepRef } from '../../api/logs';
import { fetchRepo } from '../../api/repos';
import { msg } from '../../i18n/message';
import { errorOf } from '../shell/callErrors';
import { notify } from '../shell/toasts.machine';

// Issue 31 part 5: delete a finished step's stored log. Drone lets repository admins (and
// system admins) do it (CheckAdminAccess, docs/drone-api.md 4.2), so the action is offered only
// to them: a system admin at once, anyone else once the repository says `permissions.admin`.
// It deletes after a confirmation and then says the log is gone (`log.deleted`).

export interface DeleteLogInput {
  ref: StepRef;
  isSystemAdmin: boolean;
}

export const deleteLogMachine = setup({
  types: {
    context: {} as DeleteLogInput,
    input: {} as DeleteLogInput,
    events: {} as { type: 'log.delete' } | { type: 'confirm.accept' } | { type: 'confirm.cancel' },
    emitted: {} as { type: 'log.deleted' },
  },
  actors: {
    isRepoAdmin: fromPromise<boolean, StepRef>(
      async ({ input }) => (await fetchRepo(input)).permissions?.admin === true,
    ),
    deleteStepLog: fromPromise<void, StepRef>(({ input }) => deleteStepLog(input)),
  },
  guards: {
    isSystemAdmin: ({ context }) => context.isSystemAdmin,
    isAllowed: ({ event }) => (event as unknown as { output: boolean }).output,
  },
  actions: {
    notifyDeleted: ({ context }) =>
      notify.success(msg('build.actions.logDeleted', { step: context.ref.step })),
    notifyError: ({ event }) => notify.error(errorOf(event)),
  },
}).createMachine({
  id: 'deleteLog',
  context: ({ input }) => ({ ...input }),
  initial: 'checking',
  states: {
    checking: {
      always: { guard: 'isSystemAdmin', target: 'allowed' },
      invoke: {
        src: 'isRepoAdmin',
        input: ({ context }) => context.ref,
        onDone: [{ guard: 'isAllowed', target: 'allowed' }, { target: 'denied' }],
        onError: 'denied',
      },
    },
    denied: {},
    allowed: { on: { 'log.delete': 'confirming' } },
    confirming: { on: { 'confirm.accept': 'deleting', 'confirm.cancel': 'allowed' } },
    deleting: {
      invoke: {
        src: 'deleteStepLog',
        input: ({ context }) => context.ref,
        onDone: {
          target: 'deleted',
          actions: ['notifyDeleted', emit({ type: 'log.deleted' as const })],
        },
        onError: { target: 'allowed', actions: 'notifyError' },
      },
    },
    deleted: {},
  },
});

type DeleteLogSnapshot = { matches(value: unknown): boolean };

export const selectMayDelete = (snapshot: DeleteLogSnapshot) =>
  snapshot.matches('allowed') || snapshot.matches('confirming') || snapshot.matches('deleting');
export const selectIsConfirming = (snapshot: DeleteLogSnapshot) => snapshot.matches('confirming');
