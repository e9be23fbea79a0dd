// @vitest-environment node
// The node:http bridge of the standalone server over real HTTP: CORS like Drone's go-chi/cors,
// tokens, unknown paths, and streamed (unbuffered) response bodies.
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/api/types';
import { serveHandlers, type RunningServer } from './bridge';
import { setFaults } from './faults';
import { resetMockDb } from './node';
import { handlers } from './handlers';
import { addUser, fakeRuntime } from './testkit';

// The rest of this stream is written only after the client has read the first chunk, so a
// bridge that buffered bodies would never deliver it (the test would time out).
let release: () => void = () => undefined;
const gatedStream = http.get('*/gated', () => {
  const gate = new Promise<void>((resolve) => (release = resolve));
  const encode = (text: string) => new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encode('chunk 0\n'));
      void gate.then(() => {
        controller.enqueue(encode('chunk 1\n'));
        controller.close();
      });
    },
  });
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
});

describe('bridge', () => {
  let server: RunningServer;
  beforeAll(async () => {
    resetMockDb();
    fakeRuntime();
    addUser('alice');
    server = await serveHandlers([gatedStream, ...handlers], { port: 0 });
  });
  afterAll(() => server.close());

  it('drops the connection for a network error (the `network` fault), answering nothing', async () => {
    setFaults('GET /api/version:network');
    try {
      const answer = await fetch(`${server.url}/api/version`).then(
        (response) => `status ${response.status}`,
        (error: unknown) => error,
      );
      expect(answer).toBeInstanceOf(TypeError);
      // The server is still there for the next request.
      setFaults(null);
      expect((await fetch(`${server.url}/api/version`)).status).not.toBe(0);
    } finally {
      setFaults(null);
    }
  });

  it('answers a CORS preflight with 200, no body and the echoed origin', async () => {
    const response = await fetch(`${server.url}/api/user`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://console.test',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'access-control-allow-origin': 'http://console.test',
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'PATCH',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-max-age': '300',
    });
  });

  it('adds CORS to API answers, including errors, and accepts the token header', async () => {
    const guest = await fetch(`${server.url}/api/user`, { headers: { Origin: 'http://x.test' } });
    expect(guest.status).toBe(401);
    expect(guest.headers.get('access-control-allow-origin')).toBe('http://x.test');
    expect(guest.headers.get('access-control-expose-headers')).toBe('Link');
    const me = await fetch(`${server.url}/api/user`, {
      headers: { Authorization: `Bearer ${'token-alice'.padEnd(32, 'x')}` },
    });
    expect(((await me.json()) as User).login).toBe('alice');
  });

  it('answers unknown paths with 404', async () => {
    const response = await fetch(`${server.url}/no/such/page`);
    expect(response.status).toBe(404);
    expect((await fetch(`${server.url}/api/nope`)).status).toBe(404);
  });

  it('streams each chunk as it is written', async () => {
    const response = await fetch(`${server.url}/gated`);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('chunk 0\n');
    release();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      rest += new TextDecoder().decode(r.value);
    }
    expect(rest).toBe('chunk 1\n');
  });
});
