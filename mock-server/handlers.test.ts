// @vitest-environment node
// The REST side of the mock through real fetch against setupServer: response rules, builds,
// logs and cards. Every test seeds its own rows (testkit), so no fixture is involved.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Build } from '../src/api/types';
import { db, newId } from './db';
import { createNodeServer, resetMockDb } from './node';
import { addBuild, addRepo, addUser, call, fakeRuntime, grant } from './testkit';

const server = createNodeServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let requests: ReturnType<typeof fakeRuntime>['requests'];
beforeEach(() => {
  resetMockDb();
  requests = fakeRuntime().requests;
});

const text = async (response: Response) => ({
  status: response.status,
  body: await response.text(),
});

describe('response rules', () => {
  it('answers unknown /api paths with chi 404 text and a wrong method with an empty 405', async () => {
    const missing = await call('/api/nope');
    expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await text(missing)).toEqual({ status: 404, body: '404 page not found\n' });
    const wrongMethod = await call('/api/user', { method: 'PUT' });
    expect(await text(wrongMethod)).toEqual({ status: 405, body: '' });
  });

  it('sends NoCache headers and Go-escaped JSON with a trailing newline', async () => {
    const root = addUser('root', { admin: true, email: 'a<b>&c@example.com' });
    const response = await call('/api/user', { as: root });
    expect(response.headers.get('cache-control')).toBe(
      'no-cache, no-store, must-revalidate, private, max-age=0',
    );
    expect(response.headers.get('expires')).toBe('Thu, 01 Jan 1970 00:00:00 UTC');
    expect(response.headers.get('x-accel-expires')).toBe('0');
    const body = await response.text();
    expect(body.endsWith('}\n')).toBe(true);
    expect(body).toContain('"email":"a\\u003cb\\u003e\\u0026c@example.com"');
  });

  it('answers 204 with no body and 400 with Go decode errors', async () => {
    const root = addUser('root', { admin: true });
    addUser('gone');
    const deleted = await call('/api/users/gone', { method: 'DELETE', as: root });
    expect(await text(deleted)).toEqual({ status: 204, body: '' });
    const empty = await call('/api/users', { method: 'POST', as: root });
    expect(await text(empty)).toEqual({ status: 400, body: '{"message":"EOF"}\n' });
    const junk = await call('/api/users', { method: 'POST', as: root, body: 'x' });
    expect((await junk.json()) as unknown).toEqual({
      message: "invalid character 'x' looking for beginning of value",
    });
    const wrongType = await call('/api/users', { method: 'POST', as: root, body: '{"login":5}' });
    expect(((await wrongType.json()) as { message: string }).message).toMatch(
      /^json: cannot unmarshal number into Go struct field .*login of type string$/,
    );
  });

  it('answers the sql no-rows error for missing builds and a ParseInt error for bad numbers', async () => {
    addRepo('octo/app', { visibility: 'public', private: false });
    expect(await text(await call('/api/repos/octo/app/builds/7'))).toEqual({
      status: 404,
      body: '{"message":"sql: no rows in result set"}\n',
    });
    expect(await text(await call('/api/repos/octo/app/builds/abc'))).toEqual({
      status: 400,
      body: '{"message":"strconv.ParseInt: parsing \\"abc\\": invalid syntax"}\n',
    });
  });
});

describe('builds', () => {
  function seedBuilds(count: number, ownerId = 0) {
    const repo = addRepo('octo/app', { visibility: 'public', private: false, user_id: ownerId });
    for (let i = 0; i < count; i++) addBuild(repo);
    return repo;
  }
  const numbers = async (path: string) =>
    ((await (await call(path)).json()) as Build[]).map((b) => b.number);

  it('pages 25 by default, newest first, and falls back to 25 outside 1..100', async () => {
    seedBuilds(130);
    const first = await numbers('/api/repos/octo/app/builds');
    expect(first).toHaveLength(25);
    expect(first[0]).toBe(130);
    expect(await numbers('/api/repos/octo/app/builds?page=2&per_page=50')).toEqual(
      Array.from({ length: 50 }, (_, i) => 80 - i),
    );
    expect(await numbers('/api/repos/octo/app/builds?per_page=101')).toHaveLength(25);
    expect(await numbers('/api/repos/octo/app/builds?per_page=0')).toHaveLength(25);
    expect(await numbers('/api/repos/octo/app/builds?per_page=100')).toHaveLength(100);
    expect(await numbers('/api/repos/octo/app/builds?page=6&per_page=25')).toEqual([5, 4, 3, 2, 1]);
    expect(await numbers('/api/repos/octo/app/builds?page=abc')).toHaveLength(25);
  });

  it('creates a custom build with query params except branch/commit/access_token', async () => {
    const alice = addUser('alice');
    const repo = seedBuilds(1, alice.id);
    grant(alice, repo, 'write');
    const response = await call(
      `/api/repos/octo/app/builds?branch=dev&commit=abc&access_token=${alice.token}&FOO=bar&message=hi`,
      { method: 'POST' },
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as Build).number).toBe(2);
    expect(requests[0]).toMatchObject({
      event: 'custom',
      trigger: 'alice',
      branch: 'dev',
      commit: 'abc',
      message: 'hi',
      ref: 'refs/heads/dev',
      params: { FOO: 'bar', message: 'hi' },
    });
  });

  it('answers null when the engine runs nothing', async () => {
    const { runtime } = fakeRuntime();
    runtime.engine.createBuild = () => null;
    const root = addUser('root', { admin: true });
    seedBuilds(1, root.id);
    const response = await call('/api/repos/octo/app/builds', { method: 'POST', as: root });
    expect(await text(response)).toEqual({ status: 200, body: 'null\n' });
    // Drone looks the repository owner up first: without one the answer is the store error.
    db.repo.update({ where: { slug: { equals: 'octo/app' } }, data: { user_id: 999 } });
    const orphan = await call('/api/repos/octo/app/builds', { method: 'POST', as: root });
    expect(orphan.status).toBe(404);
  });

  it('retries with the previous params winning and refuses blocked or declined builds', async () => {
    const root = addUser('root', { admin: true });
    const repo = seedBuilds(1);
    addBuild(repo, { params: JSON.stringify({ A: 'old' }), event: 'push' });
    addBuild(repo, { status: 'declined' });
    const retry = await call('/api/repos/octo/app/builds/2?debug=true&A=new&B=b', {
      method: 'POST',
      as: root,
    });
    expect(retry.status).toBe(200);
    expect(requests[0]).toMatchObject({ parent: 2, debug: true, params: { A: 'old', B: 'b' } });
    const declined = await call('/api/repos/octo/app/builds/3', { method: 'POST', as: root });
    expect(await declined.json()).toEqual({ message: 'cannot start a declined build' });
  });

  it('promotes with the query winning over the previous params, and needs a target', async () => {
    const root = addUser('root', { admin: true });
    const repo = seedBuilds(0);
    addBuild(repo, { params: JSON.stringify({ A: 'old', C: 'c' }) });
    const missing = await call('/api/repos/octo/app/builds/1/promote', {
      method: 'POST',
      as: root,
    });
    expect(await text(missing)).toEqual({
      status: 400,
      body: '{"message":"Missing target environment"}\n',
    });
    const ok = await call('/api/repos/octo/app/builds/1/rollback?target=prod&A=new', {
      method: 'POST',
      as: root,
    });
    expect(ok.status).toBe(200);
    expect(requests[0]).toMatchObject({
      event: 'rollback',
      deployTo: 'prod',
      parent: 1,
      params: { A: 'new', C: 'c' },
    });
  });

  it('approve and decline answer Drone messages for stages that are not blocked', async () => {
    const root = addUser('root', { admin: true });
    const repo = seedBuilds(0);
    const build = addBuild(repo, { status: 'pending' });
    db.stage.create({ id: newId(), build_id: build.id, number: 1, status: 'running' });
    db.stage.create({ id: newId(), build_id: build.id, number: 2, status: 'blocked' });
    const post = (path: string) => call(path, { method: 'POST', as: root });
    expect(await (await post('/api/repos/octo/app/builds/1/approve/1')).json()).toEqual({
      message: 'Cannot approve a Pipeline with Status "running"',
    });
    expect(await (await post('/api/repos/octo/app/builds/1/decline/1')).json()).toEqual({
      message: 'Cannot decline build with status "running"',
    });
    expect(await (await post('/api/repos/octo/app/builds/x/approve/1')).json()).toEqual({
      message: 'Invalid build number',
    });
    expect(await (await post('/api/repos/octo/app/builds/1/approve/9')).json()).toEqual({
      message: 'Stage not found',
    });
    expect((await post('/api/repos/octo/app/builds/1/approve/2')).status).toBe(204);
    expect(db.stage.findFirst({ where: { number: { equals: 2 } } })?.status).toBe('pending');
  });

  it('cancel returns the build with stages; branches and deployments pick the latest', async () => {
    const root = addUser('root', { admin: true });
    const repo = seedBuilds(0);
    addBuild(repo, { event: 'push', target: 'main' });
    addBuild(repo, { event: 'push', target: 'dev' });
    addBuild(repo, { event: 'push', target: 'main', status: 'running' });
    addBuild(repo, { event: 'promote', deploy_to: 'prod' });
    addBuild(repo, { event: 'pull_request', target: 'main' });
    const branches = await numbers('/api/repos/octo/app/builds/branches');
    expect(branches.sort()).toEqual([2, 3]);
    expect(await numbers('/api/repos/octo/app/builds/deployments')).toEqual([4]);
    const build = db.build.findFirst({ where: { number: { equals: 3 } } })!;
    db.stage.create({ id: newId(), build_id: build.id, number: 1, status: 'running' });
    const cancel = await call('/api/repos/octo/app/builds/3', { method: 'DELETE', as: root });
    const body = (await cancel.json()) as Build;
    expect(body.status).toBe('killed');
    expect(body.stages).toHaveLength(1);
  });
});

describe('logs and cards', () => {
  function seedStep() {
    const repo = addRepo('octo/app', { visibility: 'public', private: false });
    const build = addBuild(repo);
    const stage = db.stage.create({ id: newId(), build_id: build.id, number: 1 });
    return db.step.create({ id: newId(), step_id: stage.id, number: 1, status: 'running' });
  }

  it('serves the stored bytes verbatim, and 404 while the step has no stored log', async () => {
    const step = seedStep();
    expect(await text(await call('/api/repos/octo/app/builds/1/logs/1/1'))).toEqual({
      status: 404,
      body: '{"message":"sql: no rows in result set"}\n',
    });
    const stored = '[{"pos":0,"out":"\\u003cok\\u003e\\n","time":0}]\n';
    db.log.create({ id: step.id, data: stored });
    const response = await call('/api/repos/octo/app/builds/1/logs/1/1');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe(stored);
    expect(await text(await call('/api/repos/octo/app/builds/1/logs/1/x'))).toEqual({
      status: 400,
      body: '{"message":"strconv.Atoi: parsing \\"x\\": invalid syntax"}\n',
    });
  });

  it('stores a card, answers the bare step id, serves it back and deletes it', async () => {
    const root = addUser('root', { admin: true });
    const step = seedStep();
    const path = '/api/repos/octo/app/cards/1/1/1';
    expect((await call(path)).status).toBe(404);
    const posted = await call(path, {
      method: 'POST',
      as: root,
      body: JSON.stringify({ schema: 'https://cards/x.json', data: { a: 1 } }),
    });
    expect(await text(posted)).toEqual({ status: 200, body: `${step.id}\n` });
    expect(await (await call(path)).json()).toEqual({ a: 1 });
    expect(db.step.findFirst({ where: { id: { equals: step.id } } })?.schema).toBe(
      'https://cards/x.json',
    );
    expect((await call(path, { method: 'DELETE', as: root })).status).toBe(204);
    expect((await call(path)).status).toBe(404);
  });
});
