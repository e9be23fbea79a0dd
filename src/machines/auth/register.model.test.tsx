import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { makeUser } from '../../../tests/factories';
import { createSettler, leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { ApiError } from '../../api/client';
import type { RegistrationPatch, User } from '../../api/types';
import { RegisterPage } from '../../views/auth/RegisterPage';
import { HOME_PATH, registerMachine } from './register.machine';

// The registration form (docs/spec.md 2.11) walked along the register machine's shortest paths.

const model = modelOf(registerMachine, [
  { type: 'register.submit', email: 'octo@example.com', name: 'Octo Cat', company: '' },
  { type: 'xstate.done.actor.saveRegistration', output: makeUser({ email: 'octo@example.com' }) },
  { type: 'xstate.error.actor.saveRegistration', error: new ApiError(400, 'Invalid email') },
]);
const paths = model.getShortestPaths();

describe('register machine, model-based, through the registration page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(registerMachine, { paths })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const server = createSettler();
      const machine = registerMachine.provide({
        actors: { saveRegistration: fromPromise<User, RegistrationPatch>(() => server.call()) },
      });
      const view = renderWithMachines(<RegisterPage />, {
        machines: [[registerMachine, machine]],
        path: '/register',
      });
      const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
      const button = () => screen.getByRole('button', { name: 'Submit' });
      await path.test({
        states: {
          editing: () => {
            expect(button()).toBeEnabled();
          },
          submitting: () => {
            expect(button()).toBeDisabled();
            expect(button().closest('form')).toHaveAttribute('aria-busy', 'true');
          },
          // Home whatever the answer (docs/spec.md 2.11).
          done: () => expect(view.location.history.at(-1)).toBe(HOME_PATH),
        },
        events: {
          'register.submit': () => {
            fireEvent.change(screen.getByLabelText('Your Email'), {
              target: { value: 'octo@example.com' },
            });
            fireEvent.change(screen.getByLabelText('Your Full Name'), {
              target: { value: 'Octo Cat' },
            });
            fireEvent.submit(button().closest('form')!);
            return flush();
          },
          'xstate.done.actor.saveRegistration': ({ event }) => (server.settle(event), flush()),
          'xstate.error.actor.saveRegistration': ({ event }) => (server.settle(event), flush()),
        },
      });
      expect(view.actorOf(registerMachine).getSnapshot().value).toEqual(path.state.value);
    });
  }
});
