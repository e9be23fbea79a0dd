import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { createNodeServer } from '../mock-server/node';

/**
 * A test file's Node mock server (docs/architecture.md 8): it listens for the whole file and fails on any
 * request no handler answers. Handlers a test adds (`server.use`) are dropped after it. Screens that follow /api/stream pass an `EventSource` stand-in
 * (happy-dom has none), installed for the file's lifetime.
 */
export function setupMockServer({ eventSource }: { eventSource?: unknown } = {}) {
  const server = createNodeServer();
  beforeAll(() => {
    if (eventSource) vi.stubGlobal('EventSource', eventSource);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => {
    server.close();
    if (eventSource) vi.unstubAllGlobals();
  });
  return server;
}
