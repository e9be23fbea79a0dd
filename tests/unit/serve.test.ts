// @vitest-environment node
// Issue 27: the serve command between a browser and Drone (the end-to-end walk, deploy.spec.ts,
// drives it through the console; this checks what a browser cannot see): which requests reach
// Drone and with what, the token kept in the proxy, and the start-up's refusal of a server it
// cannot reach.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServer, serve, type Serving } from '../../deploy/serve';

const TOKEN = 'serve-token-9c1e';
const dist = mkdtempSync(join(tmpdir(), 'serve-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<title>console</title>');
writeFileSync(join(dist, 'assets', 'app-1.js'), 'export {};');

let drone: Server;
let droneUrl = '';
let serving: Serving;
const received: Array<{ method?: string; url?: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  drone = createServer((req, res) => {
    received.push({ method: req.method, url: req.url, headers: req.headers });
    res.setHeader('Content-Type', 'application/json');
    res.end('{"from":"drone"}');
  });
  await new Promise<void>((resolve) => drone.listen(0, '127.0.0.1', resolve));
  droneUrl = `http://127.0.0.1:${(drone.address() as AddressInfo).port}`;
  serving = await serve({
    server: droneUrl,
    port: 0,
    host: '127.0.0.1',
    dist,
    config: { provider: 'Gogs' },
    token: TOKEN,
  });
});

afterAll(async () => {
  await serving.close();
  await new Promise<void>((resolve) => drone.close(() => resolve()));
  rmSync(dist, { recursive: true, force: true });
});

/** A loopback port nothing listens on (fetch refuses well-known ones such as 9). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function call(path: string, init: RequestInit = {}) {
  received.length = 0;
  const response = await fetch(`${serving.url}${path}`, init);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

describe('serve', () => {
  it('passes Drone’s routes on, with the token, to the console’s own requests', async () => {
    const answer = await call('/api/user?x=1', { headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(answer.text).toBe('{"from":"drone"}');
    expect(received).toMatchObject([
      { method: 'GET', url: '/api/user?x=1', headers: { authorization: `Bearer ${TOKEN}` } },
    ]);
  });

  it('adds no token to a request another site’s page sent', async () => {
    await call('/api/user', { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(received[0]!.headers.authorization).toBeUndefined();
  });

  it('ends a session with POST /logout at Drone, and gives a browser’s GET the console', async () => {
    expect((await call('/logout', { method: 'POST' })).text).toBe('{"from":"drone"}');
    const page = await call('/logout');
    expect(page.text).toBe('<title>console</title>');
    expect(received).toEqual([]);
  });

  it('serves client routes the page, a missing hashed file a 404', async () => {
    expect((await call('/login/form')).text).toBe('<title>console</title>');
    expect((await call('/acme/api/23/1/4')).text).toBe('<title>console</title>');
    expect((await call('/assets/gone-2.js')).status).toBe(404);
    expect((await call('/assets/app-1.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(received).toEqual([]);
  });

  it('serves the configuration without the token, never cached', async () => {
    const config = await call('/config.json');
    expect(JSON.parse(config.text)).toEqual({ provider: 'Gogs' });
    expect(config.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a Drone route with a message when Drone is gone', async () => {
    const gone = await serve({
      server: `http://127.0.0.1:${await closedPort()}`,
      port: 0,
      host: '127.0.0.1',
      dist,
      config: {},
      token: '',
    });
    try {
      const answer = await fetch(`${gone.url}/api/user`);
      expect(answer.status).toBe(502);
      expect(((await answer.json()) as { message: string }).message).toMatch(
        /^Drone server unreachable: /,
      );
    } finally {
      await gone.close();
    }
  });
});

describe('checkServer', () => {
  it('accepts a server that answers, and names why it cannot reach one', async () => {
    await expect(checkServer(droneUrl)).resolves.toBeUndefined();
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    await expect(checkServer(nowhere)).rejects.toThrow(
      `Cannot reach the Drone server at ${nowhere}: ECONNREFUSED`,
    );
  });
});
