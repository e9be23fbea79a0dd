import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import type { StepRef } from '../../api/logs';
import { deleteLogMachine, selectIsConfirming, selectMayDelete } from './deleteLog.machine';

const ref: StepRef = { namespace: 'acme', name: 'api', build: 7, stage: 1, step: 2 };

function start({
  isSystemAdmin = false,
  isRepoAdmin = vi.fn(async () => true),
  deleteStepLog = vi.fn(async (): Promise<void> => undefined),
} = {}) {
  const notifyError = vi.fn();
  const actor = createActor(
    deleteLogMachine.provide({
      actors: {
        isRepoAdmin: fromPromise(isRepoAdmin),
        deleteStepLog: fromPromise(deleteStepLog),
      },
      actions: { notifyDeleted: () => undefined, notifyError },
    }),
    { input: { ref, isSystemAdmin } },
  );
  const deleted = vi.fn();
  actor.on('log.deleted', deleted);
  actor.start();
  return { actor, isRepoAdmin, deleteStepLog, deleted, notifyError };
}

describe('deleteLog machine', () => {
  it('offers nothing to a user the repository does not make an admin', async () => {
    const { actor } = start({ isRepoAdmin: vi.fn(async () => false) });
    await waitFor(actor, (snapshot) => snapshot.matches('denied'));
    actor.send({ type: 'log.delete' });
    expect(selectMayDelete(actor.getSnapshot())).toBe(false);
  });

  it('trusts a system admin without asking the repository', () => {
    const { actor, isRepoAdmin } = start({ isSystemAdmin: true });
    expect(selectMayDelete(actor.getSnapshot())).toBe(true);
    expect(isRepoAdmin).not.toHaveBeenCalled();
  });

  it('deletes only after the confirmation, then says the log is gone', async () => {
    const { actor, deleteStepLog, deleted } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('allowed'));
    actor.send({ type: 'log.delete' });
    expect(selectIsConfirming(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'confirm.cancel' });
    expect(deleteStepLog).not.toHaveBeenCalled();
    actor.send({ type: 'log.delete' });
    actor.send({ type: 'confirm.accept' });
    await waitFor(actor, (snapshot) => snapshot.matches('deleted'));
    expect(deleteStepLog).toHaveBeenCalledTimes(1);
    expect(deleted).toHaveBeenCalledTimes(1);
  });

  it("reports the server's refusal and may try again", async () => {
    const { actor, notifyError, deleted } = start({
      deleteStepLog: vi.fn(async (): Promise<void> => {
        throw new ApiError(404, 'Not Found');
      }),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('allowed'));
    actor.send({ type: 'log.delete' });
    actor.send({ type: 'confirm.accept' });
    await waitFor(actor, (snapshot) => snapshot.matches('allowed'));
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(deleted).not.toHaveBeenCalled();
  });
});
