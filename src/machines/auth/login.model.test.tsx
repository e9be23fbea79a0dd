import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupFakeClockExpiringToasts } from '../../../tests/fakeClock';
import { fromPromise } from 'xstate';
import { createSettler, leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { ApiError } from '../../api/client';
import { LoginFormPage } from '../../views/auth/LoginFormPage';
import { Toasts } from '../../views/ui';
import { loginMachine } from './login.machine';
import { toastsActor } from '../shell/toasts.machine';

// The sign-in form (docs/spec.md 2.11) walked along the login machine's shortest paths: the model's
// events are what the user and the server do, and each state is checked on the page.

const submitted = { type: 'login.submit', username: 'octocat', password: 'secret' };
const model = modelOf(loginMachine, [
  submitted,
  { type: 'xstate.done.actor.submitCredentials', output: '/' },
  { type: 'xstate.done.actor.submitCredentials', output: '/login/error?message=denied' },
  { type: 'xstate.error.actor.submitCredentials', error: new ApiError(0, 'Failed to fetch') },
]);
const paths = model.getShortestPaths();

describe('login machine, model-based, through the sign-in form', () => {
  setupFakeClockExpiringToasts();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(loginMachine, { paths })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const answer = createSettler();
      const machine = loginMachine.provide({
        actors: {
          submitCredentials: fromPromise<string | null, { username: string; password: string }>(
            () => answer.call(),
          ),
        },
      });
      const view = renderWithMachines(
        <>
          <LoginFormPage />
          <Toasts />
        </>,
        { machines: [[loginMachine, machine]], path: '/login/form' },
      );
      const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
      const button = () => screen.getByRole('button', { name: 'Sign in' });
      await path.test({
        states: {
          editing: () => {
            expect(button()).toBeEnabled();
            expect(view.location.history).toEqual(['/login/form']);
          },
          submitting: () => {
            expect(button()).toBeDisabled();
            expect(button().closest('form')).toHaveAttribute('aria-busy', 'true');
          },
          // The browser goes where the server's answer pointed.
          done: () => {
            const output = path.steps.at(-1)?.event.output as string;
            expect(view.location.history.at(-1)).toBe(output);
          },
        },
        events: {
          'login.submit': () => {
            fireEvent.change(screen.getByLabelText('Username'), {
              target: { value: submitted.username },
            });
            fireEvent.change(screen.getByLabelText('Password'), {
              target: { value: submitted.password },
            });
            fireEvent.submit(button().closest('form')!);
            return flush();
          },
          'xstate.done.actor.submitCredentials': ({ event }) => (answer.settle(event), flush()),
          'xstate.error.actor.submitCredentials': async ({ event }) => {
            answer.settle(event);
            await flush();
            // docs/spec.md 8: the failed call's message, in a toast.
            expect(screen.getByText('Failed to fetch')).toBeInTheDocument();
          },
        },
      });
      expect(view.actorOf(loginMachine).getSnapshot().value).toEqual(path.state.value);
      expect(toastsActor().getSnapshot().context.visible.length).toBeLessThanOrEqual(3);
    });
  }
});
