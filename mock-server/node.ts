// The mock server in Node (Vitest): msw's setupServer over the same handlers as the browser
// worker and the standalone server (docs/architecture.md 5 and 8).
import type { RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { resetDb } from './db';
import { handlers } from './handlers';

/**
 * A server for `beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))`. Extra handlers
 * (test overrides) take precedence over the mock's own.
 *
 * msw keeps cookies from mocked Set-Cookie headers in a process-wide jar and sends them with
 * later requests to the same origin, like a browser. A test that signs in through POST /login
 * should sign out (GET /logout) or use an origin of its own so other tests stay guests.
 */
export function createNodeServer(...overrides: RequestHandler[]): SetupServer {
  return setupServer(...overrides, ...handlers);
}

/** Empties every table and restarts ids, for `beforeEach` in tests that seed their own rows. */
export function resetMockDb(): void {
  resetDb();
}
