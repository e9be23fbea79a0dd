import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api/client';
import type { Build } from '../api/types';
import { makeBuild } from '../../tests/repo-fixtures';
import {
  NEW_BUILD_NOT_STARTED,
  NEW_BUILD_STARTED,
  newBuildFailed,
  newBuildMachine,
  selectCreatedBuild,
  type CreateBuildInput,
} from './newBuild.machine';
import { toastsActor } from './toasts.machine';

const repo = { namespace: 'octocat', name: 'hello-world' };

function start(answer: (input: CreateBuildInput) => Promise<Build | null>) {
  const calls: CreateBuildInput[] = [];
  const machine = newBuildMachine.provide({
    actors: {
      createNewBuild: fromPromise<Build | null, CreateBuildInput>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { repo } }).start();
  return { actor, calls };
}

const lastToast = () => {
  const visible = toastsActor.getSnapshot().context.visible;
  return visible.at(-1)?.getSnapshot().context;
};

describe('newBuild machine', () => {
  it('opens with a blank form, collects fields and parameters, and submits them trimmed', async () => {
    const { actor, calls } = start(async () => makeBuild({ number: 43, status: 'pending' }));
    actor.send({ type: 'newBuild.open' });
    actor.send({ type: 'newBuild.edit', field: 'branch', value: '  feature/x ' });
    actor.send({ type: 'newBuild.edit', field: 'commit', value: ' abc123 ' });
    for (const [key, value] of [
      ['DEPLOY', ' yes '],
      ['REGION', 'eu'],
      ['  ', 'ignored'],
    ]) {
      actor.send({ type: 'newBuild.edit', field: 'draftKey', value: key! });
      actor.send({ type: 'newBuild.edit', field: 'draftValue', value: value! });
      actor.send({ type: 'param.add' });
    }
    // The incomplete draft stays typed in; the two complete ones were added.
    expect(actor.getSnapshot().context).toMatchObject({ draftKey: '  ', draftValue: 'ignored' });
    actor.send({ type: 'newBuild.submit' });
    const done = await waitFor(actor, (snapshot) => snapshot.matches('created'));
    expect(calls).toEqual([
      {
        repo,
        branch: 'feature/x',
        commit: 'abc123',
        params: [
          { key: 'DEPLOY', value: 'yes' },
          { key: 'REGION', value: 'eu' },
        ],
      },
    ]);
    expect(selectCreatedBuild(done)?.number).toBe(43);
    expect(lastToast()).toMatchObject({ tone: 'success', message: NEW_BUILD_STARTED });
  });

  it('removes a parameter', () => {
    const { actor } = start(async () => null);
    actor.send({ type: 'newBuild.open' });
    for (const key of ['A', 'B', 'C']) {
      actor.send({ type: 'newBuild.edit', field: 'draftKey', value: key });
      actor.send({ type: 'newBuild.edit', field: 'draftValue', value: '1' });
      actor.send({ type: 'param.add' });
    }
    actor.send({ type: 'param.remove', index: 1 });
    expect(actor.getSnapshot().context.params.map((param) => param.key)).toEqual(['A', 'C']);
  });

  it('warns and stays open when the server answers null (no pipeline ran)', async () => {
    const { actor } = start(async () => null);
    actor.send({ type: 'newBuild.open' });
    actor.send({ type: 'newBuild.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(lastToast()).toMatchObject({ tone: 'warning', message: NEW_BUILD_NOT_STARTED });
    expect(selectCreatedBuild(actor.getSnapshot())).toBeNull();
  });

  it("shows 'Unable to start a new build: {message}' and keeps the form on failure", async () => {
    const { actor } = start(async () => {
      throw new ApiError(404, 'Not Found');
    });
    actor.send({ type: 'newBuild.open' });
    actor.send({ type: 'newBuild.edit', field: 'branch', value: 'nope' });
    actor.send({ type: 'newBuild.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(lastToast()).toMatchObject({ tone: 'error', message: newBuildFailed('Not Found') });
    expect(newBuildFailed('Not Found')).toBe('Unable to start a new build: Not Found');
    expect(actor.getSnapshot().context.branch).toBe('nope');
  });

  it('resets the form when reopened and ignores submit while closed', () => {
    const notifyStarted = vi.fn();
    const machine = newBuildMachine.provide({ actions: { notifyStarted } });
    const actor = createActor(machine, { input: { repo } }).start();
    actor.send({ type: 'newBuild.submit' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'newBuild.open' });
    actor.send({ type: 'newBuild.edit', field: 'branch', value: 'dev' });
    actor.send({ type: 'newBuild.close' });
    actor.send({ type: 'newBuild.open' });
    expect(actor.getSnapshot().context.branch).toBe('');
    expect(notifyStarted).not.toHaveBeenCalled();
  });
});
