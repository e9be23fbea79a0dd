import { assign, fromPromise, setup } from 'xstate';
import type { UserWithToken } from '../../api/types';
import { fetchUserToken } from '../../api/user';

// docs/spec.md 2.10: the personal token with ready-made API and command-line snippets. A failed token
// call is only logged (docs/spec.md 8; the API client logs it): the page then shows no snippets.

export interface AccountSnippets {
  token: string;
  api: string;
  cli: string;
}

/** The snippets for a token against the server at `origin` (no trailing slash). */
export function snippetsFor(origin: string, token: string): AccountSnippets {
  return {
    token,
    api: [`curl -i ${origin}/api/user \\`, `  -H "Authorization: Bearer ${token}"`].join('\n'),
    cli: [`export DRONE_SERVER=${origin}`, `export DRONE_TOKEN=${token}`, 'drone info'].join('\n'),
  };
}

export const accountMachine = setup({
  types: {
    input: {} as { origin: string },
    context: {} as { origin: string; token: string | null },
  },
  actors: {
    fetchToken: fromPromise<UserWithToken>(() => fetchUserToken()),
  },
}).createMachine({
  id: 'account',
  context: ({ input }) => ({ origin: input.origin, token: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchToken',
        src: 'fetchToken',
        onDone: { target: 'ready', actions: assign({ token: ({ event }) => event.output.token }) },
        onError: 'unavailable',
      },
    },
    ready: {},
    unavailable: {},
  },
});

type AccountSnapshot = { value: unknown; context: { origin: string; token: string | null } };

export const selectIsLoading = (snapshot: AccountSnapshot) => snapshot.value === 'loading';
export const selectSnippets = (snapshot: AccountSnapshot): AccountSnippets | null =>
  snapshot.context.token ? snippetsFor(snapshot.context.origin, snapshot.context.token) : null;
