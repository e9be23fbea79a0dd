import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { recordingActor } from '../../../tests/actors';
import { ApiError } from '../../api/client';
import type { RegistrationPatch, User } from '../../api/types';
import { registerMachine, registrationOf } from './register.machine';
import { makeUser } from '../../../tests/factories';

function startRegister(answer: (patch: RegistrationPatch) => Promise<User>) {
  const navigate = vi.fn();
  const session = recordingActor();
  const sent: RegistrationPatch[] = [];
  const machine = registerMachine.provide({
    actors: {
      saveRegistration: fromPromise<User, RegistrationPatch>(({ input }) => {
        sent.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { navigate, session: session.ref as never },
  }).start();
  return { actor, navigate, received: session.received, sent };
}

const submit = {
  type: 'register.submit',
  email: ' jane@example.com ',
  name: ' Jane Doe ',
  company: '',
} as const;

describe('register machine', () => {
  it('sends trimmed email, name and company, updates the session user and goes home', async () => {
    const saved = makeUser({ login: 'jane', email: 'jane@example.com' });
    const { actor, navigate, received, sent } = startRegister(async () => saved);
    actor.send({ ...submit, company: ' Acme ' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ email: 'jane@example.com', name: 'Jane Doe', company: 'Acme' }]);
    expect(received()).toEqual([{ type: 'session.userUpdated', user: saved }]);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('leaves the optional company out when empty', () => {
    expect(registrationOf(submit)).toEqual({ email: 'jane@example.com', name: 'Jane Doe' });
  });

  it('goes home even when the call fails (docs/spec.md 7.1: errors are only logged)', async () => {
    const { actor, navigate, received } = startRegister(async () => {
      throw new ApiError(400, 'EOF');
    });
    actor.send(submit);
    await waitFor(actor, (s) => s.status === 'done');
    expect(received()).toEqual([]);
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
