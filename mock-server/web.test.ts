// @vitest-environment node
// Badges and the web router's routes (sign-in form, logout, deep links, /version, /healthz),
// through real fetch against setupServer with rows each test creates itself.
import { getResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../src/api/types';
import { handlers } from './handlers';
import { createNodeServer, resetMockDb } from './node';
import { addBuild, addRepo, addUser, call, fakeRuntime } from './testkit';

const server = createNodeServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(() => {
  resetMockDb();
  fakeRuntime();
});

describe('badges', () => {
  it('serves the status badge for the default branch, and none for unknown repos', async () => {
    const repo = addRepo('octo/app');
    addBuild(repo, { status: 'failure', ref: 'refs/heads/dev' });
    addBuild(repo, { status: 'success' });
    const svg = await call('/api/badges/octo/app/status.svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg [^>]*width="91".*>success<\/text><\/g><\/svg>$/);
    expect(await (await call('/api/badges/octo/app/status.svg?branch=dev')).text()).toContain(
      '>failure<',
    );
    expect(await (await call('/api/badges/none/x/status.svg')).text()).toContain('>none<');
  });

  it("serves cc.xml at Drone's /api/badges/{ns}/{name}/cc.xml only, guarded like a read", async () => {
    const repo = addRepo('octo/app', { visibility: 'public', private: false });
    addBuild(repo, { status: 'success', started: 1625683510 });
    const expected =
      '<Projects><Project name="octo/app" activity="Sleeping" lastBuildStatus="Success" lastBuildLabel="1" ' +
      'lastBuildTime="2021-07-07T18:45:10Z" webUrl="http://localhost/octo/app/1"></Project></Projects>';
    expect(await (await call('/api/badges/octo/app/cc.xml')).text()).toBe(expected);
    addRepo('octo/priv');
    expect((await call('/api/badges/octo/priv/cc.xml')).status).toBe(401);
    // Drone serves the console's index.html there: no mock route answers it.
    const web = await getResponse(handlers, new Request('http://localhost/octo/app/cc.xml'));
    expect(web).toBeUndefined();
  });
});

describe('web routes', () => {
  // An origin of its own: msw keeps mocked Set-Cookie headers in a process-wide jar.
  const origin = 'http://signin.test';
  const form = (username: string, password: string) =>
    fetch(`${origin}/login`, {
      method: 'POST',
      body: new URLSearchParams({ username, password }),
      redirect: 'manual',
    });

  it('signs in with the form, sets the session cookie, and the cookie identifies the user', async () => {
    addUser('alice', { password: 'pw' });
    const response = await form('alice', 'pw');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^_session_=[^;]+; Path=\/; Max-Age=2147483647; HttpOnly; SameSite=lax$/,
    );
    const me = await fetch(`${origin}/api/user`, { headers: { Cookie: cookie.split(';')[0]! } });
    expect(((await me.json()) as User).login).toBe('alice');
    const out = await fetch(`${origin}/logout`);
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toBe('_session_=deleted; Path=/; Max-Age=0');
    // Drone serves its app there; the mock, a page that takes the browser to the app at `/`
    // (issue 29 item 17: an empty body left a blank page).
    expect(out.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await out.text();
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/">');
    expect(page).toContain('<a href="/">Continue</a>');
    expect((await fetch(`${origin}/api/user`)).status).toBe(401);
  });

  it('refuses machine, inactive and wrong-password sign-ins with /login/error redirects', async () => {
    addUser('bot', { machine: true, password: 'pw' });
    addUser('gone', { active: false, password: 'pw' });
    addUser('alice', { password: 'pw', email: '', created: 1700000000 });
    const where = async (u: string, p: string) => (await form(u, p)).headers.get('location');
    expect(await where('bot', 'pw')).toBe(
      '/login/error?message=Machine account login is forbidden',
    );
    expect(await where('gone', 'pw')).toBe('/login/error?message=Account is not active');
    expect(await where('alice', 'nope')).toBe('/login/error?message=Invalid username or password');
    expect(await where('alice', 'pw')).toBe('/register');
    await fetch(`${origin}/logout`);
  });

  it('redirects deep links to the SCM and answers /version and /healthz', async () => {
    addRepo('octo/app');
    const tree = await fetch('http://localhost/link/octo/app/tree/refs/heads/feature/x', {
      redirect: 'manual',
    });
    expect(tree.headers.get('location')).toBe('https://github.com/octo/app/tree/feature/x');
    const commit = await fetch('http://localhost/link/octo/app/commit/abc123', {
      redirect: 'manual',
    });
    expect(commit.headers.get('location')).toBe('https://github.com/octo/app/commit/abc123');
    const missing = await fetch('http://localhost/link/no/repo/commit/abc', { redirect: 'manual' });
    expect(await missing.text()).toBe('Not Found\n');
    expect(await (await fetch('http://localhost/version')).json()).toHaveProperty('version');
    expect(await (await fetch('http://localhost/healthz')).text()).toBe('OK');
  });
});
