import { saidBy } from '../../../tests/said';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Build } from '../../api/types';
import { makeStagedBuild, repoRef } from '../../../tests/factories';
import {
  DEPLOY_NO_BUILD,
  deployFailed,
  deploymentMachine,
  type DeployInput,
} from './deployment.machine';
import { notify } from '../shell/toasts.machine';
import { settle, setupFakeClock } from '../../../tests/fakeClock';

function startDialog(result: Build | null | ApiError = makeStagedBuild(12, 'pending')) {
  const sent: DeployInput[] = [];
  const machine = deploymentMachine.provide({
    actors: {
      deployBuild: fromPromise(({ input }: { input: DeployInput }) => {
        sent.push(input);
        return result instanceof ApiError ? Promise.reject(result) : Promise.resolve(result);
      }),
    },
  });
  const actor = createActor(machine, { input: { repo: repoRef, build: 7 } }).start();
  const edit = (field: 'target' | 'draftKey' | 'draftValue', value: string) =>
    actor.send({ type: 'deployment.edit', field, value });
  return { actor, sent, edit, context: () => actor.getSnapshot().context };
}

setupFakeClock();

describe('deployment dialog (docs/spec.md 4.3, 5)', () => {
  it('starts with promote, an empty target and no parameters', () => {
    const { context } = startDialog();
    expect(context()).toMatchObject({ action: 'promote', target: '', params: [] });
  });

  it('adds a parameter only when both trimmed key and value are non-empty', () => {
    const { actor, edit, context } = startDialog();
    edit('draftKey', '  ');
    edit('draftValue', 'x');
    actor.send({ type: 'param.add' });
    expect(context().params).toEqual([]);
    edit('draftKey', 'VERSION');
    edit('draftValue', '   ');
    actor.send({ type: 'param.add' });
    expect(context().params).toEqual([]);
    edit('draftKey', ' VERSION ');
    edit('draftValue', ' 1.2 ');
    actor.send({ type: 'param.add' });
    expect(context().params).toEqual([{ key: 'VERSION', value: '1.2' }]);
    expect(context()).toMatchObject({ draftKey: '', draftValue: '' });
  });

  it('removes a parameter by its position', () => {
    const { actor, edit, context } = startDialog();
    for (const key of ['A', 'B', 'C']) {
      edit('draftKey', key);
      edit('draftValue', key.toLowerCase());
      actor.send({ type: 'param.add' });
    }
    actor.send({ type: 'param.remove', index: 1 });
    expect(context().params.map((param) => param.key)).toEqual(['A', 'C']);
  });

  it('sends production when the target is left empty', async () => {
    const { actor, sent } = startDialog();
    actor.send({ type: 'deployment.submit' });
    await settle();
    expect(sent[0]).toMatchObject({ action: 'promote', target: 'production', build: 7 });
  });

  it('submits the chosen action, trimmed target and parameters, then closes', async () => {
    const { actor, sent, edit } = startDialog();
    actor.send({ type: 'deployment.setAction', action: 'rollback' });
    edit('target', '  staging ');
    edit('draftKey', 'REGION');
    edit('draftValue', 'eu');
    actor.send({ type: 'param.add' });
    actor.send({ type: 'deployment.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settle();
    expect(sent[0]).toMatchObject({
      action: 'rollback',
      target: 'staging',
      params: [{ key: 'REGION', value: 'eu' }],
    });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      created: expect.objectContaining({ number: 12 }),
      unreadable: false,
    });
  });

  it("a null answer shows 'Unable to create new deploy in this repo' and closes", async () => {
    const { actor } = startDialog(null);
    actor.send({ type: 'deployment.submit' });
    await settle();
    expect(notify.error).toHaveBeenCalledWith(DEPLOY_NO_BUILD);
    expect(actor.getSnapshot().output).toEqual({ created: null, unreadable: false });
  });

  it('a failure shows the server message and closes', async () => {
    const { actor } = startDialog(new ApiError(400, 'Missing target environment'));
    actor.send({ type: 'deployment.submit' });
    await settle();
    expect(notify.error).toHaveBeenCalledWith(deployFailed('Missing target environment'));
    expect(saidBy(notify.error)).toContain(
      'Unable to create new deploy: Missing target environment',
    );
    expect(actor.getSnapshot().output).toEqual({ created: null, unreadable: false });
  });

  it('an answer that cannot be read closes without a failure and says so in its output', async () => {
    const { actor } = startDialog(
      new ApiError(0, 'Unexpected end of JSON input', { malformed: true }),
    );
    actor.send({ type: 'deployment.submit' });
    await settle();
    expect(notify.error).not.toHaveBeenCalled();
    expect(actor.getSnapshot().output).toEqual({ created: null, unreadable: true });
  });

  it('Cancel closes without a call', () => {
    const { actor, sent } = startDialog();
    actor.send({ type: 'deployment.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(sent).toEqual([]);
  });
});
