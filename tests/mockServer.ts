import type { RequestHandler } from 'msw';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createNodeServer } from '../mock-server/node';

/**
 * A test file's Node mock server (docs/architecture.md 8): it listens for the whole file and fails
 * on any request no handler answers. Handlers a test adds (`server.use`) are dropped after it;
 * `handlers` given here (e.g. `fakeRepoEvents().handler`) go before the mock's own for the file's
 * lifetime.
 */
export function setupMockServer({ handlers = [] }: { handlers?: RequestHandler[] } = {}) {
  const server = createNodeServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
