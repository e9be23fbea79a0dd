// @vitest-environment node
// Secrets, cron, templates, users and the current user,
// through real fetch against setupServer with rows each test creates itself.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cron, Repository, User } from '../src/api/types';
import { ManualClock } from './clock';
import { db } from './db';
import { createNodeServer, resetMockDb } from './node';
import { addBuild, addRepo, addUser, call, fakeRuntime, grant } from './testkit';

const server = createNodeServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let clock: ManualClock;
beforeEach(() => {
  resetMockDb();
  clock = fakeRuntime(new ManualClock(Date.UTC(2026, 10, 1, 12, 30, 15))).clock;
});

const post = (path: string, as: ReturnType<typeof addUser>, body: unknown, method = 'POST') =>
  call(path, { method, as, body: JSON.stringify(body) });
const message = async (response: Response) => ({
  status: response.status,
  message: ((await response.json()) as { message?: string }).message,
});

describe('secrets', () => {
  it('never returns data, validates like core.Secret and reports duplicates as a DB error', async () => {
    const root = addUser('root', { admin: true });
    addRepo('octo/app');
    const path = '/api/repos/octo/app/secrets';
    const created = await post(path, root, {
      name: 'docker_pw',
      data: 's3cret',
      pull_request: true,
    });
    expect(await created.text()).toMatch(
      /^\{"id":\d+,"repo_id":\d+,"name":"docker_pw","pull_request":true\}\n$/,
    );
    const listed = await (await call(path, { as: root })).text();
    expect(listed).not.toContain('s3cret');
    expect(listed).not.toContain('"data"');
    expect(await message(await post(path, root, { name: 'bad name', data: 'x' }))).toEqual({
      status: 400,
      message: 'Invalid Secret Name',
    });
    expect(await message(await post(path, root, { name: 'ok', data: '' }))).toEqual({
      status: 400,
      message: 'Invalid Secret Value',
    });
    expect(await message(await post(path, root, { name: 'docker_pw', data: 'x' }))).toEqual({
      status: 500,
      message: 'UNIQUE constraint failed: secrets.secret_repo_id, secrets.secret_name',
    });
    expect(await message(await call(`${path}/nope`, { as: root }))).toEqual({
      status: 404,
      message: 'sql: no rows in result set',
    });
    expect((await call(`${path}/docker_pw`, { method: 'DELETE', as: root })).status).toBe(204);
  });

  it('PATCH changes the value and flags it is sent, validates, and never returns data', async () => {
    const root = addUser('root', { admin: true });
    addRepo('octo/app');
    const path = '/api/repos/octo/app/secrets';
    await post(path, root, { name: 'token', data: 'v1', pull_request_push: true });
    const stored = () => db.secret.findFirst({ where: { name: { equals: 'token' } } })!;
    const flagged = await post(`${path}/token`, root, { pull_request: true }, 'PATCH');
    expect(await flagged.json()).toEqual({
      id: expect.any(Number),
      repo_id: expect.any(Number),
      name: 'token',
      pull_request: true,
      pull_request_push: true,
    });
    expect(stored()).toMatchObject({ data: 'v1', pull_request: true, pull_request_push: true });
    await post(`${path}/token`, root, { data: 'v2', pull_request_push: false }, 'PATCH');
    expect(stored()).toMatchObject({ data: 'v2', pull_request: true, pull_request_push: false });
    expect(await message(await post(`${path}/token`, root, { data: '' }, 'PATCH'))).toEqual({
      status: 400,
      message: 'Invalid Secret Value',
    });
    expect(await message(await post(`${path}/nope`, root, { data: 'x' }, 'PATCH'))).toEqual({
      status: 404,
      message: 'sql: no rows in result set',
    });
    // The body is decoded first: a bad one is refused before the lookup.
    expect(await message(await post(`${path}/nope`, root, { data: 1 }, 'PATCH'))).toEqual({
      status: 400,
      message:
        'json: cannot unmarshal number into Go struct field secretUpdate.data of type string',
    });
  });

  it('organization secrets carry the namespace and no repo_id', async () => {
    const octo = addUser('octo');
    const created = await post('/api/secrets/octo', octo, { name: 'token', data: 'v' });
    expect(await created.json()).toEqual({
      id: expect.any(Number),
      namespace: 'octo',
      name: 'token',
    });
    const listed = (await (await call('/api/secrets/octo', { as: octo })).json()) as unknown[];
    expect(listed).toHaveLength(1);
    const patched = await post('/api/secrets/octo/token', octo, { pull_request: true }, 'PATCH');
    expect(await patched.json()).toMatchObject({ namespace: 'octo', pull_request: true });
  });

  it('an organization secret update keeps the flags its body leaves out (PATCH or POST)', async () => {
    const octo = addUser('octo');
    const path = '/api/secrets/octo/token';
    await post('/api/secrets/octo', octo, { name: 'token', data: 'v', pull_request_push: true });
    const stored = () => db.secret.findFirst({ where: { name: { equals: 'token' } } })!;
    await post(path, octo, { pull_request: true }, 'PATCH');
    expect(stored()).toMatchObject({ data: 'v', pull_request: true, pull_request_push: true });
    await post(path, octo, { data: 'w', pull_request: false }, 'POST');
    expect(stored()).toMatchObject({ data: 'w', pull_request: false, pull_request_push: true });
    await post(path, octo, { pull_request_push: false }, 'PATCH');
    expect(stored()).toMatchObject({ pull_request: false, pull_request_push: false });
  });
});

describe('cron', () => {
  it('slugifies the name, computes next from the clock and validates in Drone order', async () => {
    const root = addUser('root', { admin: true });
    addRepo('octo/app');
    const path = '/api/repos/octo/app/cron';
    const created = await post(path, root, {
      name: 'Nightly Build',
      expr: '@hourly',
      branch: 'main',
    });
    const cron = (await created.json()) as Cron;
    expect(cron).toMatchObject({ name: 'nightly-build', event: 'push', created: 0, updated: 0 });
    expect(cron.next).toBe(Date.UTC(2026, 10, 1, 13, 0, 0) / 1000);
    expect(cron.prev).toBe(Math.floor(clock.now() / 1000));
    const bad = (body: unknown) => post(path, root, body).then(message);
    expect(await bad({ name: 'x', expr: 'nope', branch: 'main' })).toEqual({
      status: 400,
      message: 'Invalid Cronjob Expression',
    });
    expect(await bad({ name: '!!', expr: '@daily', branch: 'main' })).toEqual({
      status: 400,
      message: 'Invalid Cronjob Name',
    });
    expect(await bad({ name: 'x', expr: '@daily', branch: '' })).toEqual({
      status: 400,
      message: 'Invalid Cronjob Branch',
    });
    expect((await bad({ name: 'nightly build', expr: '@daily', branch: 'x' })).status).toBe(500);
    const every = (await (
      await post(path, root, { name: 'e', expr: '@every 2h', branch: 'm' })
    ).json()) as Cron;
    expect(every.next - every.prev).toBe(7200);
    const names = ((await (await call(path, { as: root })).json()) as Cron[]).map((c) => c.name);
    expect(names).toEqual(['e', 'nightly-build']);
    expect((await call(`${path}/e`, { method: 'DELETE', as: root })).status).toBe(204);
    expect(await message(await call(`${path}/e`, { as: root }))).toEqual({
      status: 404,
      message: 'sql: no rows in result set',
    });
  });
});

describe('cron expressions Drone refuses (issue 28 item 7)', () => {
  it("refuses a duration past Go's and an expression longer than Drone stores", async () => {
    const root = addUser('root', { admin: true });
    addRepo('octo/app');
    const path = '/api/repos/octo/app/cron';
    const create = (expr: string) => post(path, root, { name: 'x', expr, branch: 'main' });
    expect(await message(await create('@every 99999999999h'))).toEqual({
      status: 400,
      message: 'Invalid Cronjob Expression',
    });
    // Valid for robfig, but Drone's Postgres and MySQL stores hold 50 characters.
    expect(await message(await create(`0 0 0 * * ${'*'.padStart(45, ' ')}`))).toEqual({
      status: 500,
      message: 'pq: value too long for type character varying(50)',
    });
    expect(await (await call(path, { as: root })).json()).toEqual([]);
    // Go's longest duration is accepted, 292 years on.
    const longest = (await (await create('@every 2562047h')).json()) as Cron;
    expect(longest.next - longest.prev).toBe(2562047 * 3600);
  });
});

describe('cron PATCH (docs/drone-api.md 3.8)', () => {
  it('changes branch, target and disabled only, ignores decode errors and keeps updated', async () => {
    const root = addUser('root', { admin: true });
    addRepo('octo/app');
    const path = '/api/repos/octo/app/cron';
    const created = (await (
      await post(path, root, { name: 'nightly', expr: '@daily', branch: 'main' })
    ).json()) as Cron;
    const patch = async (body: unknown) =>
      (await (await post(`${path}/nightly`, root, body, 'PATCH')).json()) as Cron;
    expect(await patch({ branch: 'dev', expr: '@hourly', name: 'other', disabled: true })).toEqual({
      ...created,
      branch: 'dev',
      disabled: true,
    });
    // A mistyped field is skipped and the others are applied, as Go's decoder does.
    expect(await patch({ branch: 'release', disabled: 'no' })).toMatchObject({
      branch: 'release',
      disabled: true,
    });
    const raw = await call(`${path}/nightly`, { method: 'PATCH', as: root, body: 'not json' });
    expect(((await raw.json()) as Cron).branch).toBe('release');
    expect(await message(await post(`${path}/nope`, root, {}, 'PATCH'))).toEqual({
      status: 404,
      message: 'sql: no rows in result set',
    });
  });
});

describe('templates', () => {
  it('checks the extension, then name and data; PATCH updates the data', async () => {
    const octo = addUser('octo');
    const path = '/api/templates/octo';
    expect(await message(await post(path, octo, { name: 'a.txt', data: 'x' }))).toEqual({
      status: 400,
      message: 'Template extension invalid. Must be yaml, starlark or jsonnet',
    });
    expect(await message(await post(path, octo, { name: 'a.yaml', data: '' }))).toEqual({
      status: 400,
      message: 'No Template Data Provided',
    });
    const created = await post(path, octo, { name: 'a.yaml', data: 'kind: pipeline' });
    expect(await created.json()).toEqual({
      id: expect.any(Number),
      name: 'a.yaml',
      namespace: 'octo',
      data: 'kind: pipeline',
    });
    const patched = await post(`${path}/a.yaml`, octo, { data: 'v2' }, 'PATCH');
    expect(((await patched.json()) as { data: string }).data).toBe('v2');
    expect(await message(await call(`${path}/b.yaml`, { as: octo }))).toEqual({
      status: 404,
      message: 'sql: no rows in result set',
    });
  });
});

describe('users', () => {
  it('lists by login, validates logins, and returns a token for machine users', async () => {
    const root = addUser('root', { admin: true });
    addUser('zed');
    addUser('amy');
    const logins = ((await (await call('/api/users', { as: root })).json()) as User[]).map(
      (u) => u.login,
    );
    expect(logins).toEqual(['amy', 'root', 'zed']);
    expect(await message(await post('/api/users', root, { login: '' }))).toEqual({
      status: 400,
      message: 'Invalid username length',
    });
    expect(await message(await post('/api/users', root, { login: 'a b' }))).toEqual({
      status: 400,
      message: 'Invalid character in username',
    });
    const bot = (await (
      await post('/api/users', root, { login: 'bot', machine: true })
    ).json()) as {
      token: string;
    };
    expect(bot.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const human = await (await post('/api/users', root, { login: 'hu', email: 'h@x' })).json();
    expect(human).not.toHaveProperty('token');
    expect(await message(await post('/api/users', root, { login: 'hu' }))).toEqual({
      status: 500,
      message: 'UNIQUE constraint failed: users.user_login',
    });
    expect(await message(await call('/api/users/nobody', { as: root }))).toEqual({
      status: 404,
      message: 'sql: no rows in result set',
    });
  });

  it('PATCH active:false also clears admin; DELETE hands the repos to the caller', async () => {
    const root = addUser('root', { admin: true });
    const boss = addUser('boss', { admin: true });
    const repo = addRepo('boss/app', { user_id: boss.id });
    const patched = (await (
      await post('/api/users/boss', root, { active: false }, 'PATCH')
    ).json()) as User;
    expect(patched).toMatchObject({ active: false, admin: false });
    expect((await call('/api/users/boss', { method: 'DELETE', as: root })).status).toBe(204);
    expect(db.repo.findFirst({ where: { id: { equals: repo.id } } })?.user_id).toBe(root.id);
  });
});

describe('the current user', () => {
  it('lists synced repos by slug with latest builds, and the 25 newest builds', async () => {
    const alice = addUser('alice');
    const b = addRepo('octo/b');
    const a = addRepo('octo/a', { active: false });
    grant(alice, b, 'read');
    grant(alice, a, 'read');
    addRepo('other/c');
    for (let i = 0; i < 20; i++) addBuild(b);
    for (let i = 0; i < 10; i++) addBuild(a);
    const repos = (await (
      await call('/api/user/repos?latest=true', { as: alice })
    ).json()) as Repository[];
    expect(repos.map((r) => [r.slug, r.build?.number])).toEqual([
      ['octo/a', 10],
      ['octo/b', 20],
    ]);
    const plain = (await (await call('/api/user/repos', { as: alice })).json()) as Repository[];
    expect(plain[0]).not.toHaveProperty('build');
    const recent = (await (await call('/api/user/builds', { as: alice })).json()) as Repository[];
    expect(recent).toHaveLength(25);
    expect(recent[0]?.slug).toBe('octo/a');
    expect(recent[0]?.build?.number).toBe(10);
  });

  it('syncs in the background for about 3 s and stores the email from PATCH', async () => {
    const alice = addUser('alice', { synced: 0 });
    const sync = await call('/api/user/repos?async=true', { method: 'POST', as: alice });
    expect(sync.status).toBe(204);
    const during = (await (await call('/api/user', { as: alice })).json()) as User;
    expect(during.syncing).toBe(true);
    clock.advance(3000);
    const after = (await (await call('/api/user', { as: alice })).json()) as User;
    expect(after).toMatchObject({ syncing: false, synced: Math.floor(clock.now() / 1000) });
    const patched = await post(
      '/api/user',
      alice,
      { name: 'A', email: 'new@x.io', company: '' },
      'PATCH',
    );
    expect(((await patched.json()) as User).email).toBe('new@x.io');
    const token = (await (await call('/api/user/token', { method: 'POST', as: alice })).json()) as {
      token: string;
      login: string;
    };
    expect(token).toMatchObject({ login: 'alice', token: alice.token });
  });
});
