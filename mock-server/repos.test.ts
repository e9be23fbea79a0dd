// @vitest-environment node
// Repository routes and the admin listings of the mock, through real fetch against setupServer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Repository, Stage } from '../src/api/types';
import { db, newId } from './db';
import { createNodeServer, resetMockDb } from './node';
import { addBuild, addRepo, addUser, call, fakeRuntime, grant } from './testkit';

const server = createNodeServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetMockDb();
  fakeRuntime();
});

const send = (path: string, as: ReturnType<typeof addUser>, method: string, body?: unknown) =>
  call(path, { method, as, body: body === undefined ? undefined : JSON.stringify(body) });

describe('repository settings', () => {
  it('enabling sets active, the caller as owner and the default config path and timeout', async () => {
    const alice = addUser('alice');
    const repo = addRepo('octo/app', { active: false, config_path: '', timeout: 0, user_id: 0 });
    grant(alice, repo, 'admin');
    const enabled = (await (await send('/api/repos/octo/app', alice, 'POST')).json()) as Repository;
    expect(enabled).toMatchObject({
      active: true,
      user_id: alice.id,
      config_path: '.drone.yml',
      timeout: 60,
      version: repo.version + 1,
    });
    const disabled = (await (
      await send('/api/repos/octo/app', alice, 'DELETE')
    ).json()) as Repository;
    expect(disabled.active).toBe(false);
  });

  it('PATCH ignores trusted, timeout, throttle and counter from non-admins', async () => {
    const alice = addUser('alice');
    const root = addUser('root', { admin: true });
    const repo = addRepo('octo/app', { timeout: 60, counter: 5 });
    grant(alice, repo, 'admin');
    const patch = {
      trusted: true,
      timeout: 90,
      counter: 1,
      protected: true,
      visibility: 'internal',
    };
    const byMember = (await (
      await send('/api/repos/octo/app', alice, 'PATCH', patch)
    ).json()) as Repository;
    expect(byMember).toMatchObject({
      trusted: false,
      timeout: 60,
      counter: 5,
      protected: true,
      visibility: 'internal',
    });
    expect(byMember).not.toHaveProperty('permissions');
    const byAdmin = (await (
      await send('/api/repos/octo/app', root, 'PATCH', patch)
    ).json()) as Repository;
    expect(byAdmin).toMatchObject({ trusted: true, timeout: 90, counter: 1 });
    const bad = await send('/api/repos/octo/app', root, 'PATCH', { timeout: '90' });
    expect(bad.status).toBe(400);
  });
});

describe('admin listings', () => {
  it('GET /api/repos pages every repository, with no upper cap on per_page', async () => {
    const root = addUser('root', { admin: true });
    const member = addUser('member');
    for (let i = 0; i < 30; i++) addRepo(`octo/r${i}`, { active: i % 2 === 0 });
    const list = async (query: string) =>
      ((await (await call(`/api/repos${query}`, { as: root })).json()) as Repository[]).length;
    expect(await list('')).toBe(25);
    expect(await list('?page=2')).toBe(5);
    expect(await list('?per_page=200')).toBe(30);
    expect((await call('/api/repos', { as: member })).status).toBe(403);
  });

  it('GET /api/builds/incomplete lists builds with a pending or running stage, newest first', async () => {
    const root = addUser('root', { admin: true });
    const repo = addRepo('octo/app');
    const done = addBuild(repo, { status: 'success' });
    const waiting = addBuild(repo, { status: 'pending' });
    const running = addBuild(repo, { status: 'running' });
    for (const [build, status] of [
      [done, 'success'],
      [waiting, 'pending'],
      [running, 'running'],
    ] as const) {
      db.stage.create({ id: newId(), build_id: build.id, number: 1, status });
    }
    const incomplete = (await (
      await call('/api/builds/incomplete', { as: root })
    ).json()) as Repository[];
    expect(incomplete.map((r) => r.build?.number)).toEqual([3, 2]);
    expect(incomplete[0]?.build).not.toHaveProperty('stages');
    const queue = (await (await call('/api/queue', { as: root })).json()) as Stage[];
    expect(queue.map((s) => s.status)).toEqual(['pending', 'running']);
  });

  it('lists collaborators by login and answers a member perm or the store error', async () => {
    const zed = addUser('zed');
    const amy = addUser('amy');
    const repo = addRepo('octo/app', { uid: '4242' });
    grant(zed, repo, 'admin');
    grant(amy, repo, 'read');
    const list = (await (
      await call('/api/repos/octo/app/collaborators', { as: zed })
    ).json()) as Array<{
      login: string;
      repo_id: string;
    }>;
    expect(list.map((c) => c.login)).toEqual(['amy', 'zed']);
    expect(list[0]?.repo_id).toBe('4242');
    const perm = await call('/api/repos/octo/app/collaborators/amy', { as: zed });
    expect(await perm.json()).toEqual({ read: true, write: false, admin: false });
    const missing = await call('/api/repos/octo/app/collaborators/nobody', { as: zed });
    expect(await missing.json()).toEqual({ message: 'sql: no rows in result set' });
  });
});
