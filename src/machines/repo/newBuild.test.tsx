import { said, saidBy } from '../../../tests/said';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { ApiError } from '../../api/client';
import type { Build } from '../../api/types';
import { makeBuild, makeRepo } from '../../../tests/factories';
import { createSettler, leftOutOfChart, modelOf, pathName, replayed } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { NewBuild } from '../../views/repo/NewBuild';
import {
  NEW_BUILD_NOT_STARTED,
  NEW_BUILD_STARTED,
  newBuildFailed,
  newBuildMachine,
  selectCreatedBuild,
  selectForm,
  type CreateBuildInput,
} from './newBuild.machine';
import { notify, toastsActor } from '../shell/toasts.machine';

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
  const visible = toastsActor().getSnapshot().context.visible;
  return visible.at(-1)?.getSnapshot().context;
};

describe('newBuild machine', () => {
  it('opens with a blank form, collects fields and parameters, and submits them trimmed', async () => {
    const { actor, calls } = start(async () => makeBuild({ number: 43, status: 'pending' }));
    const opened: number[] = [];
    actor.on('newBuild.created', ({ build }) => opened.push(build.number));
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
    expect(opened).toEqual([43]);
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
    expect(said(newBuildFailed('Not Found'))).toBe('Unable to start a new build: Not Found');
    expect(actor.getSnapshot().context.branch).toBe('nope');
  });

  it('closes with a warning, not a failure, when the answer cannot be read', async () => {
    const { actor } = start(async () => {
      throw new ApiError(0, 'Unexpected end of JSON input', { malformed: true });
    });
    const warning = vi.spyOn(notify, 'warning').mockImplementation(() => undefined);
    const error = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    actor.send({ type: 'newBuild.open' });
    actor.send({ type: 'newBuild.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    expect(saidBy(warning)).toContain(
      "The server's answer could not be read; showing what it holds now.",
    );
    expect(error).not.toHaveBeenCalled();
    vi.restoreAllMocks();
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

describe('newBuild machine, model-based', () => {
  const input = { repo };
  const model = modelOf(
    newBuildMachine,
    [
      { type: 'newBuild.open' },
      { type: 'newBuild.close' },
      { type: 'newBuild.edit', field: 'branch', value: ' dev ' },
      { type: 'newBuild.edit', field: 'draftKey', value: 'K' },
      { type: 'newBuild.edit', field: 'draftValue', value: 'v' },
      { type: 'param.add' },
      { type: 'param.remove', index: 0 },
      { type: 'newBuild.submit' },
      { type: 'xstate.done.actor.createNewBuild', output: makeBuild({ number: 7 }) },
      { type: 'xstate.done.actor.createNewBuild', output: null },
      { type: 'xstate.error.actor.createNewBuild', error: new ApiError(500, 'boom') },
      {
        type: 'xstate.error.actor.createNewBuild',
        error: new ApiError(0, 'Unexpected end of JSON input', { malformed: true }),
      },
    ],
    { input: input, keyBy: 'value' },
  );

  const paths = model.getShortestPaths();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(newBuildMachine, { paths, input })).toEqual([]);
  });

  // Through the New Build button and dialog (docs/spec.md 2.14): each event is what the user does.
  for (const path of paths) {
    it(pathName(path), async () => {
      const calls = createSettler();
      const machine = newBuildMachine.provide({
        actors: {
          createNewBuild: fromPromise<Build | null, CreateBuildInput>(() =>
            calls.call<Build | null>(),
          ),
        },
        actions: {
          notifyStarted: () => undefined,
          notifyNotStarted: () => undefined,
          notifyUnreadable: () => undefined,
          notifyFailed: () => undefined,
        },
      });
      const view = renderWithMachines(<NewBuild repo={makeRepo(repo)} />, {
        machines: [[newBuildMachine, machine]],
        path: '/octocat/hello-world',
      });
      const actor = view.actorOf(newBuildMachine);
      const flush = async () => {
        await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      };
      const dialog = () => screen.getByRole('form', { name: 'New Build' });
      const fields: Record<string, string> = {
        branch: 'Branch',
        draftKey: 'Parameter key',
        draftValue: 'Parameter value',
      };
      const showsForm = () => {
        const form = selectForm(actor.getSnapshot());
        const inputs = within(dialog());
        expect(inputs.getByLabelText('Branch')).toHaveValue(form.branch);
        expect(inputs.getByLabelText('Parameter key')).toHaveValue(form.draftKey);
        expect(inputs.queryAllByRole('button', { name: /^Remove parameter/ })).toHaveLength(
          form.params.length,
        );
      };
      await path.test({
        states: {
          closed: () => {
            expect(screen.queryByRole('form', { name: 'New Build' })).not.toBeInTheDocument();
            expect(screen.getByRole('button', { name: 'New Build' })).toBeEnabled();
          },
          editing: () => {
            showsForm();
            expect(within(dialog()).getByRole('button', { name: 'Create' })).toBeEnabled();
          },
          submitting: () => {
            expect(within(dialog()).getByRole('button', { name: 'Creating...' })).toBeDisabled();
          },
          // docs/spec.md 2.14: the new build's page opens.
          created: () => {
            expect(view.location.history.at(-1)).toBe('/octocat/hello-world/7');
          },
        },
        events: {
          'newBuild.open': async () => {
            fireEvent.click(screen.getByRole('button', { name: 'New Build' }));
            await flush();
          },
          'newBuild.close': async () => {
            fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
            await flush();
          },
          'newBuild.edit': async ({ event }) => {
            const input = within(dialog()).getByLabelText(
              fields[(event as AnyEventObject).field as string]!,
            );
            fireEvent.change(input, { target: { value: (event as AnyEventObject).value } });
            await flush();
          },
          'param.add': async () => {
            fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
            await flush();
          },
          'param.remove': async ({ event }) => {
            const [remove] = within(dialog()).queryAllByRole('button', {
              name: /^Remove parameter/,
            });
            // Nothing to remove: no button for it, the machine ignores it all the same.
            if (remove) fireEvent.click(remove);
            else actor.send(event as never);
            await flush();
          },
          'newBuild.submit': async () => {
            fireEvent.submit(dialog());
            await flush();
          },
          'xstate.done.actor.createNewBuild': async ({ event }) => {
            calls.settle(event);
            await act(() => waitFor(actor, (snapshot) => !snapshot.matches('submitting')));
          },
          'xstate.error.actor.createNewBuild': async ({ event }) => {
            calls.settle(event);
            await act(() => waitFor(actor, (snapshot) => !snapshot.matches('submitting')));
          },
        },
      });
      const expected = replayed(newBuildMachine, input, path.steps);
      expect(actor.getSnapshot().value).toEqual(expected.value);
      expect(actor.getSnapshot().context).toEqual(expected.context);
    });
  }
});
