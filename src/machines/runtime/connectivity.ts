import { fromCallback } from 'xstate';

// The browser's connectivity as an actor: `network.online` when it says the network is back, so
// a screen that failed to load can try again on its own (the request that failed will not).

export type ConnectivityEvent = { type: 'network.online' };

export const watchOnline = fromCallback<{ type: 'noop' }>(({ sendBack }) => {
  if (typeof window === 'undefined') return undefined;
  const online = () => sendBack({ type: 'network.online' } satisfies ConnectivityEvent);
  window.addEventListener('online', online);
  return () => window.removeEventListener('online', online);
});
