// @vitest-environment node
// How the API client turns the mock server's injected faults into ApiError (docs/spec.md 8): the message
// field, else the raw response, else the error text; never a half-parsed body for a machine.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setFaults } from '../../mock-server/faults';
import { ApiError, request } from '../../src/api/client';
import { setupMockServer } from '../mockServer';

const server = setupMockServer();
afterEach(() => {
  setFaults(null);
  server.resetHandlers();
});

async function failure(spec: string): Promise<ApiError> {
  setFaults(spec);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    await request('/api/version-of-nothing');
    throw new Error('the call succeeded');
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  } finally {
    vi.restoreAllMocks();
  }
}

describe('request() under injected faults', () => {
  it('uses the message field of a JSON error', async () => {
    expect(await failure('/api/*:503=Maintenance')).toMatchObject({
      status: 503,
      message: 'Maintenance',
    });
  });

  it('falls back to the status text when the body is empty', async () => {
    expect(await failure('/api/*:bare=500')).toMatchObject({
      status: 500,
      message: 'Internal Server Error',
    });
  });

  it("shows an HTML error page's title, never its markup", async () => {
    expect(await failure('/api/*:html')).toMatchObject({ status: 502, message: '502 Bad Gateway' });
    expect(await failure('/api/*:html=504')).toMatchObject({
      status: 504,
      message: '504 Gateway Timeout',
    });
  });

  it('falls back to the status line for a page without a title', async () => {
    server.use(
      http.get('*/api/untitled', () =>
        HttpResponse.text('<!DOCTYPE html><body><h1>Bad &amp; gone</h1></body>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'Content-Type': 'text/html' },
        }),
      ),
      http.get('*/api/entities', () =>
        HttpResponse.text('<html><title>\n  Proxy &amp; cache &#8211; down\n</title></html>', {
          status: 503,
          headers: { 'Content-Type': 'text/html' },
        }),
      ),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const untitled = await request('/api/untitled').catch((caught: unknown) => caught);
    const entities = await request('/api/entities').catch((caught: unknown) => caught);
    vi.restoreAllMocks();
    expect(untitled).toMatchObject({ status: 502, message: 'HTTP 502 Bad Gateway' });
    expect(entities).toMatchObject({ status: 503, message: 'Proxy & cache \u2013 down' });
  });

  it('rejects a 200 with truncated JSON instead of handing its text to the caller', async () => {
    server.use(
      http.get('*/api/truncated', () =>
        HttpResponse.text('[{"id":1,"slug":"acme/a', {
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = await request('/api/truncated').catch((caught: unknown) => caught);
    vi.restoreAllMocks();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/JSON/);
    // Told apart from a failure: the call may have done what it was asked.
    expect((error as ApiError).malformed).toBe(true);
  });

  it('names a web page answered with success by its title, not its markup', async () => {
    server.use(
      http.post('*/api/page', () =>
        HttpResponse.text('<html><head><title>Sign in - Proxy</title></head></html>', {
          headers: { 'Content-Type': 'text/html' },
        }),
      ),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = await request('/api/page', { method: 'POST' }).catch((caught: unknown) => caught);
    vi.restoreAllMocks();
    expect(error).toMatchObject({
      message: 'The server sent a web page (Sign in - Proxy), not JSON',
      malformed: true,
    });
  });

  it('does not mark a failure status as a malformed answer', async () => {
    expect((await failure('/api/*:html')).malformed).toBe(false);
    expect((await failure('/api/*:bare=500')).malformed).toBe(false);
  });

  it('reports a network error with its text', async () => {
    const error = await failure('/api/*:network');
    expect(error.status).toBe(0);
    expect(error.message).not.toBe('');
  });
});
