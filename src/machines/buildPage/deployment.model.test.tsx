import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { makeBuild, repoRef } from '../../../tests/factories';
import { createSettler, leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { ApiError } from '../../api/client';
import type { Build } from '../../api/types';
import { DeploymentDialog } from '../../views/buildPage/DeploymentDialog';
import { deploymentMachine, type DeployInput } from './deployment.machine';

// The 'Create deployment' dialog (docs/spec.md 2.14, 4.3) walked along the deployment machine's
// shortest paths: the dialog renders the machine, each event is what the user does in it.

const DONE = 'xstate.done.actor.0.deployment.submitting';
const ERROR = 'xstate.error.actor.0.deployment.submitting';
const input = { repo: repoRef, build: 7 };
const UNREADABLE = new ApiError(0, 'Unexpected end of JSON input', { malformed: true });
// The model has no toast stack to tell.
const modelled = deploymentMachine.provide({
  actions: { notifyNoBuild: () => undefined, notifyFailed: () => undefined },
});
const paths = modelOf(
  modelled,
  [
    { type: 'deployment.setAction', action: 'rollback' },
    { type: 'deployment.edit', field: 'target', value: 'staging' },
    { type: 'deployment.edit', field: 'draftKey', value: 'K' },
    { type: 'param.add' },
    { type: 'param.remove', index: 0 },
    { type: 'deployment.submit' },
    { type: 'deployment.cancel' },
    { type: DONE, output: makeBuild({ number: 10, status: 'pending' }) },
    { type: DONE, output: null },
    { type: ERROR, error: new ApiError(500, 'boom') },
    { type: ERROR, error: UNREADABLE },
  ],
  { input, keyBy: 'value' },
).getShortestPaths();

describe('deployment machine, model-based, through the deployment dialog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(modelled, { paths, input })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const server = createSettler();
      const machine = modelled.provide({
        actors: { deployBuild: fromPromise<Build | null, DeployInput>(() => server.call()) },
      });
      const actor = createActor(machine, { input }).start();
      render(<DeploymentDialog dialogRef={actor} />);
      const dialog = () => screen.getByRole('dialog', { name: 'Create deployment' });
      const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
      const user = async (action: () => void) => {
        act(action);
        await flush();
      };
      await path.test({
        states: {
          editing: () => {
            const { action, target, params } = actor.getSnapshot().context;
            const form = within(dialog());
            expect(form.getByLabelText('Action')).toHaveValue(action);
            expect(form.getByLabelText('Target')).toHaveValue(target);
            expect(form.queryAllByRole('button', { name: /^Remove parameter/ })).toHaveLength(
              params.length,
            );
            expect(form.getByRole('button', { name: 'Deploy' })).toBeEnabled();
          },
          submitting: () => {
            expect(within(dialog()).getByRole('button', { name: 'Deploy' })).toBeDisabled();
          },
          // Deploy and Cancel both end the dialog; its output says whether a build came of it.
          closed: () => {
            expect(actor.getSnapshot().status).toBe('done');
            const last = path.steps.at(-1)!.event as AnyEventObject;
            const created = last.type === DONE ? (last.output ?? null) : null;
            // An unreadable answer: the parent looks again at what the server holds.
            const unreadable = last.error === UNREADABLE;
            expect(actor.getSnapshot().output).toEqual({ created, unreadable });
          },
        },
        events: {
          'deployment.setAction': ({ event }) =>
            user(() => {
              const value = (event as AnyEventObject).action;
              fireEvent.change(within(dialog()).getByLabelText('Action'), { target: { value } });
            }),
          'deployment.edit': ({ event }) =>
            user(() => {
              const { field, value } = event as AnyEventObject;
              const label = field === 'target' ? 'Target' : 'Parameter key';
              fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
            }),
          'param.add': () =>
            user(() => fireEvent.click(within(dialog()).getByRole('button', { name: 'Add' }))),
          'param.remove': ({ event }) =>
            user(() => {
              const [remove] = within(dialog()).queryAllByRole('button', {
                name: /^Remove parameter/,
              });
              // Nothing to remove: no button for it; the machine ignores it all the same.
              if (remove) fireEvent.click(remove);
              else actor.send(event as never);
            }),
          'deployment.submit': () => user(() => fireEvent.submit(dialog().querySelector('form')!)),
          'deployment.cancel': () =>
            user(() => fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }))),
          [DONE]: async ({ event }) => {
            server.settle(event);
            await flush();
          },
          [ERROR]: async ({ event }) => {
            server.settle(event);
            await flush();
          },
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
    });
  }
});
