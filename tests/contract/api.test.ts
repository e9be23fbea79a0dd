// The API contract, run unchanged against the standalone mock and a real Drone: status codes,
// exact error bodies, JSON fields and guards (docs/drone-api.md 1-4, 6-7). Where the mock knowingly
// answers otherwise, docs/drone-api.md 13 says so and why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorBody } from './call';
import { TARGETS, type ContractTarget } from './targets';

const USER_FIELDS = ['id', 'login', 'email', 'machine', 'admin', 'active', 'avatar'];
const USER_TIMES = ['syncing', 'synced', 'created', 'updated', 'last_login'];
const REPO_FIELDS = [
  'id',
  'uid',
  'user_id',
  'namespace',
  'name',
  'slug',
  'scm',
  'git_http_url',
  'git_ssh_url',
  'link',
  'default_branch',
  'private',
  'visibility',
  'active',
  'config_path',
  'trusted',
  'protected',
  'ignore_forks',
  'ignore_pull_requests',
  'auto_cancel_pull_requests',
  'auto_cancel_pushes',
  'timeout',
  'counter',
  'synced',
  'created',
  'updated',
  'version',
];
const BUILD_FIELDS = [
  'id',
  'repo_id',
  'trigger',
  'number',
  'status',
  'event',
  'action',
  'link',
  'timestamp',
  'message',
  'before',
  'after',
  'ref',
  'source_repo',
  'source',
  'target',
  'author_login',
  'author_name',
  'author_email',
  'author_avatar',
  'sender',
  'started',
  'finished',
  'created',
  'updated',
  'version',
];
const NO_CACHE = 'no-cache, no-store, must-revalidate, private, max-age=0';

interface Build {
  number: number;
  status: string;
  stages?: { number: number; status: string; steps?: { number: number; status: string }[] }[];
}

describe.each(TARGETS)('API contract: $name', (kind) => {
  let target: ContractTarget;
  beforeAll(async () => {
    target = await kind.start();
  });
  afterAll(() => target?.close());

  it('refuses an anonymous user with 401 Unauthorized, exactly, and no-cache headers', async () => {
    const answer = await call(target, 'anonymous', 'GET', '/api/user');
    expect(answer.status).toBe(401);
    expect(answer.text).toBe(errorBody('Unauthorized'));
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe(NO_CACHE);
  });

  it('refuses a member the admin routes with 403 Forbidden', async () => {
    const answer = await call(target, 'member', 'GET', '/api/users');
    expect(answer.status).toBe(403);
    expect(answer.text).toBe(errorBody('Forbidden'));
  });

  it('hides a private repository from a member without access: 404 Not Found', async () => {
    const answer = await call(target, 'member', 'GET', `/api/repos/${target.hidden}`);
    expect(answer.status).toBe(404);
    expect(answer.text).toBe(errorBody('Not Found'));
  });

  it('answers a repository nobody has with 404', async () => {
    const answer = await call(target, 'admin', 'GET', '/api/repos/acme/no-such-repository');
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ message: expect.any(String) });
  });

  it('returns the signed-in user with every field and no credential', async () => {
    const answer = await call(target, 'admin', 'GET', '/api/user');
    expect(answer.status).toBe(200);
    const user = answer.json as Record<string, unknown>;
    expect(Object.keys(user)).toEqual(expect.arrayContaining([...USER_FIELDS, ...USER_TIMES]));
    expect(user).toMatchObject({ login: 'admin', admin: true, active: true, machine: false });
    expect(user).not.toHaveProperty('token');
    expect(user).not.toHaveProperty('hash');
  });

  it('returns a repository with every field and the caller’s permissions', async () => {
    const answer = await call(target, 'member', 'GET', `/api/repos/${target.writable}`);
    expect(answer.status).toBe(200);
    const repo = answer.json as Record<string, unknown>;
    expect(Object.keys(repo)).toEqual(expect.arrayContaining(REPO_FIELDS));
    expect(repo.slug).toBe(target.writable);
    expect(repo.permissions).toMatchObject({ read: true, write: true, admin: false });
  });

  it('lists the user’s repositories with their latest build', async () => {
    const answer = await call(target, 'admin', 'GET', '/api/user/repos?latest=true');
    expect(answer.status).toBe(200);
    const repos = answer.json as { slug: string; build?: Build }[];
    const writable = repos.find((repo) => repo.slug === target.writable);
    expect(writable?.build?.number).toBeGreaterThan(0);
  });

  it('lists builds newest first with every field, and a build with its stages and steps', async () => {
    const list = await call(target, 'admin', 'GET', `/api/repos/${target.writable}/builds`);
    expect(list.status).toBe(200);
    const builds = list.json as (Build & Record<string, unknown>)[];
    expect(builds.length).toBeGreaterThan(0);
    expect(Object.keys(builds[0]!)).toEqual(expect.arrayContaining(BUILD_FIELDS));
    const numbers = builds.map((build) => build.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const number = builds.find((build) => build.status === 'success')!.number;
    const one = await call(
      target,
      'admin',
      'GET',
      `/api/repos/${target.writable}/builds/${number}`,
    );
    const build = one.json as Build;
    expect(build.stages?.length).toBeGreaterThan(0);
    const step = build.stages![0]!.steps![0]! as unknown as Record<string, unknown>;
    expect(Object.keys(step)).toEqual(
      expect.arrayContaining(['id', 'step_id', 'number', 'name', 'status', 'exit_code']),
    );
  });

  it('serves a finished step’s log as an array of lines, and 404 for a step that is not there', async () => {
    const list = await call(target, 'admin', 'GET', `/api/repos/${target.writable}/builds`);
    const number = (list.json as Build[]).find((build) => build.status === 'success')!.number;
    const path = `/api/repos/${target.writable}/builds/${number}/logs`;
    const log = await call(target, 'admin', 'GET', `${path}/1/1`);
    expect(log.status).toBe(200);
    expect(log.text.endsWith('\n')).toBe(true);
    const lines = log.json as { pos: number; out: string; time: number }[];
    expect(lines[0]).toEqual({ pos: 0, out: expect.any(String), time: expect.any(Number) });
    const missing = await call(target, 'admin', 'GET', `${path}/1/99`);
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(errorBody('sql: no rows in result set'));
  });

  it('creates, reads, updates and deletes a repository secret, never returning its value', async () => {
    const path = `/api/repos/${target.writable}/secrets`;
    const created = await call(target, 'admin', 'POST', path, {
      name: 'contract_secret',
      data: 'hunter2',
      pull_request: false,
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ name: 'contract_secret' });
    expect(created.text).not.toContain('hunter2');
    const list = await call(target, 'admin', 'GET', path);
    expect((list.json as { name: string }[]).map((secret) => secret.name)).toContain(
      'contract_secret',
    );
    const updated = await call(target, 'admin', 'PATCH', `${path}/contract_secret`, {
      pull_request: true,
    });
    expect(updated.json).toMatchObject({ name: 'contract_secret', pull_request: true });
    const deleted = await call(target, 'admin', 'DELETE', `${path}/contract_secret`);
    expect(deleted.status).toBe(204);
    const gone = await call(target, 'admin', 'GET', `${path}/contract_secret`);
    expect(gone.status).toBe(404);
    expect(gone.text).toBe(errorBody('sql: no rows in result set'));
  });

  it('refuses a secret with an invalid name with 400 and Drone’s message', async () => {
    const path = `/api/repos/${target.writable}/secrets`;
    const answer = await call(target, 'admin', 'POST', path, { name: 'bad name!', data: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.text).toBe(errorBody('Invalid Secret Name'));
  });

  it('creates, lists and deletes a cron job; refuses an expression robfig/cron refuses', async () => {
    const path = `/api/repos/${target.writable}/cron`;
    const created = await call(target, 'admin', 'POST', path, {
      name: 'nightly',
      expr: '@daily',
      branch: 'main',
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ name: 'nightly', expr: '@daily', branch: 'main' });
    expect((created.json as { next: number }).next).toBeGreaterThan(0);
    const list = await call(target, 'admin', 'GET', path);
    expect((list.json as { name: string }[]).map((job) => job.name)).toContain('nightly');
    const bad = await call(target, 'admin', 'POST', path, {
      name: 'broken',
      expr: 'not a cron',
      branch: 'main',
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: expect.any(String) });
    expect((await call(target, 'admin', 'DELETE', `${path}/nightly`)).status).toBe(204);
  });

  it('lets the admin create, promote and delete a user; a machine user’s token is shown once', async () => {
    const created = await call(target, 'admin', 'POST', '/api/users', {
      login: 'contract-bot',
      machine: true,
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ login: 'contract-bot', machine: true, admin: false });
    expect((created.json as { token?: string }).token).toEqual(expect.any(String));
    const promoted = await call(target, 'admin', 'PATCH', '/api/users/contract-bot', {
      admin: true,
    });
    expect(promoted.json).toMatchObject({ login: 'contract-bot', admin: true });
    expect((await call(target, 'admin', 'GET', '/api/users/contract-bot')).status).toBe(200);
    expect((await call(target, 'admin', 'DELETE', '/api/users/contract-bot')).status).toBe(204);
    const gone = await call(target, 'admin', 'GET', '/api/users/contract-bot');
    expect(gone.status).toBe(404);
  });

  it('serves a status badge as SVG for anyone', async () => {
    const answer = await call(
      target,
      'anonymous',
      'GET',
      `/api/badges/${target.writable}/status.svg`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml');
    expect(answer.text).toMatch(/^<svg/);
  });

  it('answers /healthz and /version outside the API', async () => {
    const health = await call(target, 'anonymous', 'GET', '/healthz');
    expect(health.status).toBe(200);
    const version = await call(target, 'anonymous', 'GET', '/version');
    expect(version.status).toBe(200);
    expect(version.json).toMatchObject({ version: expect.any(String) });
  });
});
