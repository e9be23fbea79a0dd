// @vitest-environment node
// Issue 28 item 1: `DRONE_TOKEN=... npm start` must not hand the token to any page that asks. It
// used to be compiled into the modules the dev server serves (/@vite/env among them), which a page
// on another site reads with a plain script tag. Now the dev server's proxy holds it: it adds the
// header to the server's requests, and only to those the console's own page sends.
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TOKEN = 'dev-token-3f9a1c7e5b2d48a6b0c4e8f1a2b3c4d5';

let drone: Server;
let dev: ViteDevServer;
let console_ = '';
const received: IncomingHttpHeaders[] = [];

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  // Drone, as far as the proxy can tell: it records what it receives.
  drone = createHttpServer((req, res) => {
    received.push(req.headers);
    res.setHeader('Content-Type', 'application/json');
    res.end('{}');
  });
  const droneUrl = await listen(drone);
  const saved = { ...process.env };
  Object.assign(process.env, { DRONE_SERVER: droneUrl, DRONE_TOKEN: TOKEN, DRONE_MOCK: '' });
  try {
    dev = await createServer({
      configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
      // The modules asked for here need no dependency pre-bundled.
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    await dev.listen();
  } finally {
    process.env = saved;
  }
  const address = dev.httpServer!.address() as AddressInfo;
  console_ = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await dev?.close();
  await new Promise<void>((resolve) => drone.close(() => resolve()));
});

/** What a page on another site gets with `<script src="http://127.0.0.1:5173/...">`. */
const asAnotherSite = {
  'Sec-Fetch-Site': 'cross-site',
  'Sec-Fetch-Mode': 'no-cors',
  'Sec-Fetch-Dest': 'script',
  Referer: 'https://evil.example/',
};

describe('the dev server with DRONE_TOKEN', () => {
  it.each(['/@vite/env', '/src/config.ts', '/src/api/client.ts', '/src/main.tsx'])(
    'serves %s without the token, to another site or to its own page',
    async (path) => {
      for (const headers of [asAnotherSite, {}]) {
        const response = await fetch(`${console_}${path}`, { headers });
        expect(await response.text()).not.toContain(TOKEN);
      }
    },
  );

  it('adds the token to the server’s requests from its own page', async () => {
    received.length = 0;
    await fetch(`${console_}/api/user`, { headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(received.map((headers) => headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
  });

  it('does not add it to a request another site’s page sent', async () => {
    received.length = 0;
    await fetch(`${console_}/api/user`, {
      headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    });
    await fetch(`${console_}/api/user`, { headers: { Origin: 'https://evil.example' } });
    expect(received.map((headers) => headers.authorization)).toEqual([undefined, undefined]);
  });
});
