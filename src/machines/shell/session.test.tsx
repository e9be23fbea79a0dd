import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { AppRoutes } from '../../routes';
import { accountMachine } from '../account/account.machine';
import { ApiError } from '../../api/client';
import type { User, UserWithToken } from '../../api/types';
import { selectIsAdmin, selectUser, sessionMachine } from './session.machine';
import { makeUser } from '../../../tests/factories';

const user = (login: string, admin = false) =>
  makeUser({ login, email: `${login}@example.com`, admin });

/** A fetchUser actor whose calls the test answers one by one. */
function controlledFetch() {
  let current: { resolve: (u: User) => void; reject: (e: unknown) => void } | undefined;
  let calls = 0;
  const logic = fromPromise<User>(
    () =>
      new Promise<User>((resolve, reject) => {
        calls += 1;
        current = { resolve, reject };
      }),
  );
  return {
    logic,
    get calls() {
      return calls;
    },
    resolve: (u: User) => current!.resolve(u),
    reject: (e: unknown) => current!.reject(e),
  };
}

function start() {
  const fetch = controlledFetch();
  const actor = createActor(sessionMachine.provide({ actors: { fetchUser: fetch.logic } }));
  actor.start();
  return { actor, fetch };
}

describe('session machine', () => {
  it('loads the user and is signed in', async () => {
    const { actor, fetch } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    fetch.resolve(user('admin', true));
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(selectUser(actor.getSnapshot())?.login).toBe('admin');
    expect(selectIsAdmin(actor.getSnapshot())).toBe(true);
  });

  it('is anonymous when the server answers 401', async () => {
    const { actor, fetch } = start();
    fetch.reject(new ApiError(401, 'Unauthorized'));
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('fails with the docs/spec.md 8 message on any other error', async () => {
    const { actor, fetch } = start();
    fetch.reject(new ApiError(0, 'Failed to fetch'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch');
  });

  it('reloads the user on session.reload', async () => {
    const { actor, fetch } = start();
    fetch.reject(new ApiError(401, 'Unauthorized'));
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'session.reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fetch.calls).toBe(2);
    fetch.resolve(user('member'));
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(selectUser(actor.getSnapshot())?.login).toBe('member');
    expect(selectIsAdmin(actor.getSnapshot())).toBe(false);
  });

  it('forgets the user on session.signedOut', async () => {
    const { actor, fetch } = start();
    fetch.resolve(user('member'));
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.signedOut' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('ignores a late answer when signed out while loading', async () => {
    const { actor, fetch } = start();
    actor.send({ type: 'session.signedOut' });
    fetch.resolve(user('admin', true));
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('replaces the user on session.userUpdated', async () => {
    const { actor, fetch } = start();
    fetch.resolve(user('member'));
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({
      type: 'session.userUpdated',
      user: { ...user('member'), email: 'new@example.com' },
    });
    expect(actor.getSnapshot().context.user?.email).toBe('new@example.com');
  });
});

describe('session machine, model-based', () => {
  const done = { type: 'xstate.done.actor.fetchUser', output: user('admin', true) };
  const model = modelOf(sessionMachine, [
    done,
    { type: 'xstate.error.actor.fetchUser', error: new ApiError(401, 'Unauthorized') },
    { type: 'xstate.error.actor.fetchUser', error: new ApiError(500, 'boom') },
    { type: 'session.reload' },
    { type: 'session.signedOut' },
    { type: 'session.userUpdated', user: user('renamed') },
  ]);

  const paths = model.getShortestPaths();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(sessionMachine, { paths })).toEqual([]);
  });

  // What the route guard shows at /account (a signed-in page) in each state (docs/spec.md 2.1).
  for (const path of paths) {
    it(pathName(path), async () => {
      const fetch = controlledFetch();
      const never = fromPromise<UserWithToken>(() => new Promise(() => undefined));
      const view = renderWithMachines(<AppRoutes />, {
        path: '/account',
        machines: [
          [sessionMachine, sessionMachine.provide({ actors: { fetchUser: fetch.logic } })],
          [accountMachine, accountMachine.provide({ actors: { fetchToken: never } })],
        ],
      });
      const actor = view.actorOf(sessionMachine);
      const send = ({ event }: { event: AnyEventObject }) => act(() => actor.send(event as never));
      const answer = async (settle: () => void) => {
        settle();
        await act(() => waitFor(actor, (s) => !s.matches('loading')));
      };
      // Each check opens /account afresh: the guard may have sent the user elsewhere before.
      const atAccount = () => act(() => view.location.navigate('/account'));
      await path.test({
        states: {
          loading: async () => {
            await atAccount();
            expect(screen.getByRole('status')).toHaveTextContent('Loading...');
          },
          signedIn: async () => {
            await atAccount();
            expect(screen.getByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
          },
          anonymous: async () => {
            await atAccount();
            expect(view.location.history.at(-1)).toBe('/welcome');
          },
          failed: async () => {
            await atAccount();
            expect(screen.getByRole('alert')).toHaveTextContent('boom');
            expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
          },
        },
        events: {
          // From the failed page, the user retries; elsewhere another machine asks.
          'session.reload': async (step) => {
            if (actor.getSnapshot().matches('failed')) {
              await atAccount();
              fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
            } else await send(step);
          },
          'session.signedOut': send,
          'session.userUpdated': send,
          'xstate.done.actor.fetchUser': () => answer(() => fetch.resolve(done.output)),
          'xstate.error.actor.fetchUser': ({ event }) =>
            answer(() => fetch.reject((event as AnyEventObject).error)),
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      expect(actor.getSnapshot().context).toEqual(path.state.context);
    });
  }
});
