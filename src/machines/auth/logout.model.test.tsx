import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupFakeClockExpiringToasts } from '../../../tests/fakeClock';
import { fromPromise } from 'xstate';
import { createSettler, leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { ApiError } from '../../api/client';
import { LogoutPage } from '../../views/auth/LogoutPage';
import { logoutMachine } from './logout.machine';

// /logout (docs/spec.md 2.11) walked along the logout machine's shortest paths, checked on the page.

const model = modelOf(logoutMachine, [
  { type: 'xstate.done.actor.endSession' },
  { type: 'xstate.error.actor.endSession', error: new ApiError(500, 'Internal Server Error') },
  { type: 'logout.retry' },
]);
const paths = model.getShortestPaths();

describe('logout machine, model-based, through the logout page', () => {
  setupFakeClockExpiringToasts();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(logoutMachine, { paths })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const server = createSettler();
      const machine = logoutMachine.provide({
        actors: { endSession: fromPromise<unknown>(() => server.call()) },
      });
      const view = renderWithMachines(<LogoutPage />, {
        machines: [[logoutMachine, machine]],
        path: '/logout',
      });
      const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
      await path.test({
        states: {
          signingOut: () => {
            expect(screen.getByText('Signing out...')).toBeInTheDocument();
          },
          signedOut: () => {
            expect(
              screen.getByRole('heading', {
                name: 'Your session has been successfully terminated.',
              }),
            ).toBeInTheDocument();
            expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
              'href',
              '/welcome',
            );
          },
          failed: () => {
            expect(screen.getByRole('heading', { name: 'Signing out failed' })).toBeInTheDocument();
            expect(screen.getByRole('alert')).toHaveTextContent('Internal Server Error');
          },
        },
        events: {
          'xstate.done.actor.endSession': ({ event }) => (server.settle(event), flush()),
          'xstate.error.actor.endSession': ({ event }) => (server.settle(event), flush()),
          'logout.retry': () => (
            fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
            flush()
          ),
        },
      });
      expect(view.actorOf(logoutMachine).getSnapshot().value).toEqual(path.state.value);
    });
  }
});
