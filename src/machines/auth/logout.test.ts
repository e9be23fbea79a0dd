import { said } from '../../../tests/said';
import { describe, expect, it } from 'vitest';
import { setupFakeClockExpiringToasts } from '../../../tests/fakeClock';
import { createActor, fromPromise, waitFor } from 'xstate';
import { recordingActor } from '../../../tests/actors';
import { ApiError } from '../../api/client';
import type { SessionRef } from './login.machine';
import { logoutMachine, selectIsSignedOut, selectLogoutError } from './logout.machine';
import { toastsActor } from '../shell/toasts.machine';

function startLogout(results: Array<() => Promise<unknown>>) {
  const session = recordingActor();
  let call = 0;
  const machine = logoutMachine.provide({
    actors: { endSession: fromPromise(() => results[call++]!()) },
  });
  const actor = createActor(machine, {
    input: { session: session.ref as unknown as SessionRef },
  }).start();
  return { actor, received: session.types, calls: () => call };
}

describe('logout machine', () => {
  setupFakeClockExpiringToasts();

  it('ends the server session, then tells the session machine', async () => {
    const { actor, received } = startLogout([async () => '<html>']);
    expect(actor.getSnapshot().value).toBe('signingOut');
    expect(received()).toEqual([]);
    await waitFor(actor, selectIsSignedOut);
    expect(received()).toEqual(['session.signedOut']);
  });

  it('keeps the user signed in, shows the error and can retry', async () => {
    const { actor, received, calls } = startLogout([
      async () => {
        throw new ApiError(502, 'Bad Gateway');
      },
      async () => '',
    ]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectLogoutError(actor.getSnapshot())).toBe('Bad Gateway');
    expect(received()).toEqual([]);
    const toasts = toastsActor()
      .getSnapshot()
      .context.visible.map((r) => r.getSnapshot().context);
    expect(toasts.map(({ tone, message }) => ({ tone, message: said(message) }))).toContainEqual({
      tone: 'error',
      message: 'Bad Gateway',
    });
    actor.send({ type: 'logout.retry' });
    await waitFor(actor, selectIsSignedOut);
    expect(calls()).toBe(2);
    expect(selectLogoutError(actor.getSnapshot())).toBeNull();
    expect(received()).toEqual(['session.signedOut']);
  });
});
