import { setup } from 'xstate';
import { providerSignInUrl } from '../../api/user';
import type { Navigate } from '../shell/navigation';

// docs/spec.md 2.1 / 2.11: /login shows 'Redirecting to {provider} Auth...' and sends the browser to the
// provider sign-in. The embedded mock's provider sign-in is the console's own form, reached
// client-side; a real server's is its /login route, which only a full-page load reaches.
export const SIGN_IN_FORM_PATH = '/login/form';

export const loginRedirectMachine = setup({
  types: {
    input: {} as { mock: boolean; navigate: Navigate },
    context: {} as { mock: boolean; navigate: Navigate },
  },
  guards: {
    isMockServer: ({ context }) => context.mock,
  },
  actions: {
    openSignInForm: ({ context }) => context.navigate(SIGN_IN_FORM_PATH, { replace: true }),
    leaveForProvider: () => window.location.assign(providerSignInUrl()),
  },
}).createMachine({
  id: 'loginRedirect',
  context: ({ input }) => input,
  initial: 'redirecting',
  states: {
    redirecting: {
      always: [
        { guard: 'isMockServer', target: 'redirected', actions: 'openSignInForm' },
        { target: 'redirected', actions: 'leaveForProvider' },
      ],
    },
    redirected: { type: 'final' },
  },
});
