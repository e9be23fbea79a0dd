// @vitest-environment node
// The standalone server as `npm run mock-server` starts it: a scenario plus every handler on a
// real port, with Drone's CORS on /api and the fixture users' tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/api/types';
import { fixtureUsers } from './scenario';
import { startStandalone, type Standalone } from './standalone';

describe('startStandalone', () => {
  let standalone: Standalone;
  beforeAll(async () => {
    standalone = await startStandalone({ port: 0, scenario: 'empty' });
  });
  afterAll(() => standalone.close());

  const tokenOf = (kind: string) => fixtureUsers().find((user) => user.kind === kind)!.token;

  it('listens on 127.0.0.1 and serves the web routes and the API', async () => {
    expect(standalone.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${standalone.url}/healthz`)).text()).toBe('OK');
    const guest = await fetch(`${standalone.url}/api/user`);
    expect(await guest.text()).toBe('{"message":"Unauthorized"}\n');
    expect((await fetch(`${standalone.url}/index.html`)).status).toBe(404);
  });

  it("accepts the fixture users' tokens as a header and as ?access_token=", async () => {
    const admin = await fetch(`${standalone.url}/api/users`, {
      headers: { Authorization: `Bearer ${tokenOf('admin')}` },
    });
    expect(admin.status).toBe(200);
    const member = await fetch(`${standalone.url}/api/users?access_token=${tokenOf('member')}`);
    expect(await member.json()).toEqual({ message: 'Forbidden' });
    const me = await fetch(`${standalone.url}/api/user?access_token=${tokenOf('member')}`);
    expect(((await me.json()) as User).admin).toBe(false);
  });

  it("answers CORS like Drone's go-chi/cors: preflight 200 empty, origin echoed", async () => {
    const preflight = await fetch(`${standalone.url}/api/user/repos`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'Authorization',
      },
    });
    expect(preflight.status).toBe(200);
    expect(await preflight.text()).toBe('');
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-max-age')).toBe('300');
    const actual = await fetch(`${standalone.url}/api/user`, {
      headers: { Origin: 'http://localhost:5173', Authorization: `Bearer ${tokenOf('admin')}` },
    });
    expect(actual.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(actual.headers.get('access-control-allow-credentials')).toBe('true');
    expect(actual.headers.get('access-control-expose-headers')).toBe('Link');
    const noOrigin = await fetch(`${standalone.url}/api/user`);
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });
});
