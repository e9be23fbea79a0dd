import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import type { UserWithToken } from '../../api/types';
import { accountMachine, selectIsLoading, selectSnippets, snippetsFor } from './account.machine';
import { makeUser } from '../../../tests/factories';

function startAccount(answer: () => Promise<UserWithToken>) {
  const machine = accountMachine.provide({ actors: { fetchToken: fromPromise(answer) } });
  return createActor(machine, { input: { origin: 'https://drone.example.com' } }).start();
}

describe('account machine', () => {
  it('loads the token and builds the snippets', async () => {
    const actor = startAccount(async () => ({ ...makeUser({ login: 'admin' }), token: 'abc123' }));
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectSnippets(actor.getSnapshot())).toEqual({
      token: 'abc123',
      api: 'curl -i https://drone.example.com/api/user \\\n  -H "Authorization: Bearer abc123"',
      cli: [
        'export DRONE_SERVER=https://drone.example.com',
        'export DRONE_TOKEN=abc123',
        'drone info',
      ].join('\n'),
    });
  });

  it('shows nothing when the token call fails', async () => {
    const actor = startAccount(async () => {
      throw new ApiError(500, 'boom');
    });
    await waitFor(actor, (s) => s.matches('unavailable'));
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectSnippets(actor.getSnapshot())).toBeNull();
  });

  it('builds snippets for any origin', () => {
    expect(snippetsFor('http://127.0.0.1:5173', 't').cli).toContain(
      'export DRONE_SERVER=http://127.0.0.1:5173',
    );
  });
});
