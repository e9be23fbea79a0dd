// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeServer, resetMockDb } from './node';
import { signSession, verifySession } from './session';
import { addRepo, addUser, call, fakeRuntime, grant } from './testkit';

const server = createNodeServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetMockDb();
  fakeRuntime();
});

const body = async (response: Response) => ({
  status: response.status,
  text: await response.text(),
});

describe('identifying the caller', () => {
  it('accepts the token with and without Bearer, and as ?access_token=', async () => {
    const alice = addUser('alice');
    const bearer = await call('/api/user', { headers: { Authorization: `Bearer ${alice.token}` } });
    const bare = await call('/api/user', { headers: { Authorization: alice.token } });
    const query = await call(`/api/user?access_token=${alice.token}`);
    for (const response of [bearer, bare, query]) {
      expect(response.status).toBe(200);
      expect(((await response.json()) as { login: string }).login).toBe('alice');
    }
  });

  it('lets a present Authorization header win over a valid cookie, even when invalid', async () => {
    addUser('alice');
    const response = await call('/api/user', {
      headers: { Authorization: 'Bearer nope', Cookie: `_session_=${signSession('alice')}` },
    });
    expect(await body(response)).toEqual({ status: 401, text: '{"message":"Unauthorized"}\n' });
  });

  it('reads the signed _session_ cookie and ignores a forged one', async () => {
    addUser('alice');
    const good = await call('/api/user', {
      headers: { Cookie: `_session_=${signSession('alice')}` },
    });
    expect(good.status).toBe(200);
    const forged = signSession('alice').replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    const bad = await call('/api/user', { headers: { Cookie: `_session_=${forged}` } });
    expect(bad.status).toBe(401);
    expect(verifySession(forged)).toBeUndefined();
    expect(verifySession(signSession('bob'))).toBe('bob');
  });
});

describe('system guards', () => {
  it('AuthorizeAdmin: guest 401, member 403 Forbidden, admin 200', async () => {
    const member = addUser('member');
    const admin = addUser('root', { admin: true });
    expect(await body(await call('/api/users'))).toEqual({
      status: 401,
      text: '{"message":"Unauthorized"}\n',
    });
    expect(await body(await call('/api/users', { as: member }))).toEqual({
      status: 403,
      text: '{"message":"Forbidden"}\n',
    });
    expect((await call('/api/users', { as: admin })).status).toBe(200);
  });
});

describe('repository access', () => {
  it('public repos are readable by guests, private ones answer 401', async () => {
    addRepo('octo/public', { visibility: 'public', private: false });
    addRepo('octo/private');
    expect((await call('/api/repos/octo/public')).status).toBe(200);
    expect(await body(await call('/api/repos/octo/private'))).toEqual({
      status: 401,
      text: '{"message":"Unauthorized"}\n',
    });
  });

  it('a missing repo is 401 for guests and 404 Not Found when signed in', async () => {
    const alice = addUser('alice');
    expect((await call('/api/repos/octo/none')).status).toBe(401);
    expect(await body(await call('/api/repos/octo/none', { as: alice }))).toEqual({
      status: 404,
      text: '{"message":"Not Found"}\n',
    });
  });

  it('internal repos need a session; private repos need a perm row (404 otherwise)', async () => {
    const alice = addUser('alice');
    addRepo('octo/internal', { visibility: 'internal' });
    const secret = addRepo('octo/secret');
    expect((await call('/api/repos/octo/internal')).status).toBe(401);
    expect((await call('/api/repos/octo/internal', { as: alice })).status).toBe(200);
    expect(await body(await call('/api/repos/octo/secret', { as: alice }))).toEqual({
      status: 404,
      text: '{"message":"Not Found"}\n',
    });
    grant(alice, secret, 'read');
    const repo = (await (await call('/api/repos/octo/secret', { as: alice })).json()) as {
      permissions?: unknown;
    };
    expect(repo.permissions).toEqual({ read: true, write: false, admin: false });
  });

  it('write and admin routes answer 404 Not Found for insufficient permission', async () => {
    const reader = addUser('reader');
    const writer = addUser('writer');
    const repo = addRepo('octo/app', { visibility: 'public', private: false });
    grant(reader, repo, 'read');
    grant(writer, repo, 'write');
    expect((await call('/api/repos/octo/app/secrets')).status).toBe(401);
    expect((await call('/api/repos/octo/app/secrets', { as: reader })).status).toBe(404);
    expect((await call('/api/repos/octo/app/secrets', { as: writer })).status).toBe(200);
    const disable = await call('/api/repos/octo/app', { method: 'DELETE', as: writer });
    expect(await body(disable)).toEqual({ status: 404, text: '{"message":"Not Found"}\n' });
  });

  it('an inactive user gets 403 on private repos but still reads public ones', async () => {
    const ghost = addUser('ghost', { active: false });
    const priv = addRepo('octo/priv');
    addRepo('octo/pub', { visibility: 'public', private: false });
    grant(ghost, priv, 'admin');
    expect(await body(await call('/api/repos/octo/priv', { as: ghost }))).toEqual({
      status: 403,
      text: '{"message":"Forbidden"}\n',
    });
    expect((await call('/api/repos/octo/pub', { as: ghost })).status).toBe(200);
  });

  it('system admins pass without a perm row, and get no permissions key', async () => {
    const root = addUser('root', { admin: true });
    addRepo('octo/priv');
    const response = await call('/api/repos/octo/priv', { as: root });
    expect(response.status).toBe(200);
    expect(await response.json()).not.toHaveProperty('permissions');
  });
});

describe('CheckMembership (organization secrets and templates)', () => {
  it('passes admins, the namespace owner and members; others get 401 Forbidden', async () => {
    const owner = addUser('octo');
    const stranger = addUser('stranger');
    const member = addUser('member');
    const { db } = await import('./db');
    db.membership.create({ id: 999, user_id: member.id, namespace: 'octo', admin: false });
    expect((await call('/api/secrets/octo', { as: owner })).status).toBe(200);
    expect((await call('/api/secrets/octo', { as: member })).status).toBe(200);
    expect(await body(await call('/api/secrets/octo', { as: stranger }))).toEqual({
      status: 401,
      text: '{"message":"Forbidden"}\n',
    });
    // Creating needs an org admin: a plain member is refused the same way.
    const create = await call('/api/secrets/octo', {
      method: 'POST',
      as: member,
      body: JSON.stringify({ name: 'x', data: 'y' }),
    });
    expect(create.status).toBe(401);
    expect((await call('/api/secrets/octo')).status).toBe(401);
  });

  it('GET /api/templates checks the empty namespace, so only admins pass', async () => {
    const alice = addUser('alice');
    const root = addUser('root', { admin: true });
    expect((await call('/api/templates', { as: alice })).status).toBe(401);
    expect((await call('/api/templates', { as: root })).status).toBe(200);
  });
});
