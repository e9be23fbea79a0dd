import { said } from '../../../tests/said';
import { describe, expect, it, vi } from 'vitest';
import { setupFakeClockExpiringToasts } from '../../../tests/fakeClock';
import { createActor, fromPromise, waitFor } from 'xstate';
import { recordingActor } from '../../../tests/actors';
import { ApiError } from '../../api/client';
import { destinationOf, loginMachine, type SessionRef } from './login.machine';
import { loginRedirectMachine } from './loginRedirect.machine';
import { toastsActor } from '../shell/toasts.machine';

function startLogin(answer: (username: string, password: string) => Promise<string | null>) {
  const navigate = vi.fn();
  const session = recordingActor();
  const calls: Array<[string, string]> = [];
  const machine = loginMachine.provide({
    actors: {
      submitCredentials: fromPromise<string | null, { username: string; password: string }>(
        ({ input }) => {
          calls.push([input.username, input.password]);
          return answer(input.username, input.password);
        },
      ),
    },
  });
  const actor = createActor(machine, {
    input: { navigate, session: session.ref as unknown as SessionRef },
  }).start();
  return { actor, navigate, received: session.types, calls };
}

const visibleToasts = () =>
  toastsActor()
    .getSnapshot()
    .context.visible.map((ref) => said(ref.getSnapshot().context.message));

describe('login machine', () => {
  setupFakeClockExpiringToasts();

  it('posts the credentials, reloads the session and goes where the server redirected', async () => {
    const { actor, navigate, received, calls } = startLogin(async () => '/');
    actor.send({ type: 'login.submit', username: 'member', password: 'member' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([['member', 'member']]);
    expect(received()).toEqual(['session.reload']);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('goes to /register for a user without email', async () => {
    const { actor, navigate, received } = startLogin(async () => '/register');
    actor.send({ type: 'login.submit', username: 'new', password: 'new' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(received()).toEqual(['session.reload']);
    expect(navigate).toHaveBeenCalledWith('/register');
  });

  it('follows a refusal to the login error page without touching the session', async () => {
    const target = '/login/error?message=Account%20is%20not%20active';
    const { actor, navigate, received } = startLogin(async () => target);
    actor.send({ type: 'login.submit', username: 'inactive', password: 'inactive' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(received()).toEqual([]);
    expect(navigate).toHaveBeenCalledWith(target);
  });

  it('treats an answer without a redirect as a failed sign-in', async () => {
    const { actor, navigate } = startLogin(async () => null);
    actor.send({ type: 'login.submit', username: 'x', password: 'y' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(navigate).toHaveBeenCalledWith('/login/error');
    expect(destinationOf(null)).toBe('/login/error');
  });

  it('stays on the form and shows the docs/spec.md 8 message when the call fails', async () => {
    const { actor, navigate } = startLogin(async () => {
      throw new ApiError(0, 'Failed to fetch');
    });
    actor.send({ type: 'login.submit', username: 'member', password: 'member' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch');
    expect(visibleToasts()).toContain('Failed to fetch');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('login redirect machine', () => {
  it('opens the sign-in form client-side on the mock server', () => {
    const navigate = vi.fn();
    const actor = createActor(loginRedirectMachine, { input: { mock: true, navigate } }).start();
    expect(navigate).toHaveBeenCalledWith('/login/form', { replace: true });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('leaves for the provider with a full-page navigation against a real server', () => {
    const navigate = vi.fn();
    const leaveForProvider = vi.fn();
    const machine = loginRedirectMachine.provide({ actions: { leaveForProvider } });
    createActor(machine, { input: { mock: false, navigate } }).start();
    expect(leaveForProvider).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});
