import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { makeUser } from '../../../tests/factories';
import { createSettler, leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { ApiError } from '../../api/client';
import type { UserWithToken } from '../../api/types';
import { AccountPage } from '../../views/account/AccountPage';
import { accountMachine } from './account.machine';

// The account page (docs/spec.md 2.10) walked along the account machine's shortest paths.

const model = modelOf(
  accountMachine,
  [
    { type: 'xstate.done.actor.fetchToken', output: { ...makeUser(), token: 'secret-token' } },
    { type: 'xstate.error.actor.fetchToken', error: new ApiError(500, 'boom') },
  ],
  { input: { origin: 'http://drone.test' } },
);
const paths = model.getShortestPaths();

describe('account machine, model-based, through the account page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('covers every state and transition of the chart', () => {
    expect(
      leftOutOfChart(accountMachine, { paths, input: { origin: 'http://drone.test' } }),
    ).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const server = createSettler();
      const machine = accountMachine.provide({
        actors: { fetchToken: fromPromise<UserWithToken>(() => server.call()) },
      });
      const view = renderWithMachines(<AccountPage />, {
        machines: [[accountMachine, machine]],
        path: '/account',
      });
      const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
      // The snippets' headings (the page's other cards, language and notifications, stay put).
      const snippets = () =>
        screen.queryAllByRole('heading', {
          level: 2,
          name: /^(Your Personal Token|Example API Usage|Example CLI Usage)$/,
        });
      await path.test({
        states: {
          loading: () => {
            expect(screen.getByRole('status')).toHaveTextContent('Loading...');
            expect(snippets()).toEqual([]);
          },
          ready: () => {
            expect(screen.queryByRole('status')).not.toBeInTheDocument();
            expect(snippets().map((heading) => heading.textContent)).toEqual([
              'Your Personal Token',
              'Example API Usage',
              'Example CLI Usage',
            ]);
            expect(screen.getByText('secret-token')).toBeInTheDocument();
          },
          // docs/spec.md 8: a failed token call shows no snippets, and no spinner either.
          unavailable: () => {
            expect(screen.queryByRole('status')).not.toBeInTheDocument();
            expect(snippets()).toEqual([]);
            expect(screen.getByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
          },
        },
        events: {
          'xstate.done.actor.fetchToken': ({ event }) => (server.settle(event), flush()),
          'xstate.error.actor.fetchToken': ({ event }) => (server.settle(event), flush()),
        },
      });
      expect(view.actorOf(accountMachine).getSnapshot().value).toEqual(path.state.value);
    });
  }
});
