// @vitest-environment node
// The routes of issue 31 parts 4 and 5 (docs/drone-api.md 4.2, 4.3, 4.7): the queue and its
// pause and resume, a cron job run now, the pull request list, a step log deleted and index
// entries removed, each behind the guard Drone's router puts in front of it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Build, Stage } from '../src/api/types';
import { db, newId } from './db';
import { createNodeServer, resetMockDb } from './node';
import { addBuild, addRepo, addUser, call, fakeRuntime, grant } from './testkit';

const server = createNodeServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let runtime: ReturnType<typeof fakeRuntime>;
beforeEach(() => {
  resetMockDb();
  runtime = fakeRuntime();
});

const said = async (response: Response) => ({
  status: response.status,
  body: await response.text(),
});

describe('the queue (system administrators)', () => {
  it('refuses guests with 401 and other users with 403, on every method', async () => {
    const member = addUser('member');
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect(await said(await call('/api/queue', { method }))).toEqual({
        status: 401,
        body: '{"message":"Unauthorized"}\n',
      });
      expect(await said(await call('/api/queue', { method, as: member }))).toEqual({
        status: 403,
        body: '{"message":"Forbidden"}\n',
      });
    }
    expect(runtime.queuePauses).toEqual([]);
  });

  it('pauses on DELETE and resumes on POST, each 204 without a body', async () => {
    const root = addUser('root', { admin: true });
    expect(await said(await call('/api/queue', { method: 'DELETE', as: root }))).toEqual({
      status: 204,
      body: '',
    });
    expect(await said(await call('/api/queue', { method: 'POST', as: root }))).toEqual({
      status: 204,
      body: '',
    });
    expect(runtime.queuePauses).toEqual([true, false]);
  });

  it('lists pending and running stages with the platform, limits and labels they need', async () => {
    const root = addUser('root', { admin: true });
    const repo = addRepo('octo/app');
    const build = addBuild(repo, { status: 'pending' });
    db.stage.create({
      id: newId(),
      repo_id: repo.id,
      build_id: build.id,
      number: 1,
      name: 'arm',
      status: 'pending',
      os: 'linux',
      arch: 'arm64',
      limit: 1,
      throttle: 2,
      labels: JSON.stringify({ zone: 'b', gpu: 'yes' }),
    });
    const [stage] = (await (await call('/api/queue', { as: root })).json()) as Stage[];
    expect(stage).toMatchObject({ arch: 'arm64', limit: 1, throttle: 2 });
    // Go sorts a map's keys.
    expect(JSON.stringify(stage?.labels)).toBe('{"gpu":"yes","zone":"b"}');
  });
});

describe('repository routes drone-ui never offered', () => {
  function seed() {
    const repo = addRepo('octo/app', { visibility: 'private', private: true });
    const reader = addUser('reader');
    const writer = addUser('writer');
    const admin = addUser('owner');
    grant(reader, repo, 'read');
    grant(writer, repo, 'write');
    grant(admin, repo, 'admin');
    return { repo, reader, writer, admin };
  }

  it('runs a cron job now for writers only (a reader gets 404 Not Found)', async () => {
    const { repo, reader, writer } = seed();
    db.cron.create({
      id: newId(),
      repo_id: repo.id,
      name: 'nightly',
      branch: 'main',
      expr: '@daily',
    });
    const path = '/api/repos/octo/app/cron/nightly';
    expect((await call(path, { method: 'POST' })).status).toBe(401);
    expect(await said(await call(path, { method: 'POST', as: reader }))).toEqual({
      status: 404,
      body: '{"message":"Not Found"}\n',
    });
    const ran = await call(path, { method: 'POST', as: writer });
    expect(ran.status).toBe(200);
    expect(((await ran.json()) as Build).event).toBe('cron');
    expect(runtime.requests.at(-1)).toMatchObject({ event: 'cron', cron: 'nightly' });
    expect(
      (await call('/api/repos/octo/app/cron/nope', { method: 'POST', as: writer })).status,
    ).toBe(404);
  });

  it('lists the latest build of each pull request to readers', async () => {
    const { repo, reader } = seed();
    addBuild(repo, { event: 'pull_request', ref: 'refs/pull/7/head' });
    addBuild(repo, { event: 'pull_request', ref: 'refs/pull/7/head' });
    addBuild(repo, { event: 'pull_request', ref: 'refs/pull/9/head' });
    addBuild(repo, { event: 'push', ref: 'refs/heads/main' });
    const pulls = (await (
      await call('/api/repos/octo/app/builds/pulls', { as: reader })
    ).json()) as Build[];
    expect(pulls.map((build) => build.number).sort()).toEqual([2, 3]);
  });

  it('deletes a step log for repository admins only: 204 with or without a stored log', async () => {
    const { repo, writer, admin } = seed();
    const build = addBuild(repo);
    const stage = db.stage.create({ id: newId(), build_id: build.id, number: 1 });
    const step = db.step.create({ id: newId(), step_id: stage.id, number: 1, status: 'success' });
    db.log.create({ id: step.id, data: '[]\n' });
    const path = '/api/repos/octo/app/builds/1/logs/1/1';
    expect(await said(await call(path, { method: 'DELETE', as: writer }))).toEqual({
      status: 404,
      body: '{"message":"Not Found"}\n',
    });
    expect(await said(await call(path, { method: 'DELETE', as: admin }))).toEqual({
      status: 204,
      body: '',
    });
    expect((await call(path, { as: admin })).status).toBe(404);
    expect((await call(path, { method: 'DELETE', as: admin })).status).toBe(204);
    expect(
      await said(
        await call('/api/repos/octo/app/builds/1/logs/1/9', { method: 'DELETE', as: admin }),
      ),
    ).toEqual({ status: 404, body: '{"message":"sql: no rows in result set"}\n' });
  });

  it('removes a branch entry (slashes included) for writers until a newer push lists it again', async () => {
    const { repo, reader, writer } = seed();
    addBuild(repo, { event: 'push', target: 'main' });
    addBuild(repo, { event: 'push', target: 'feature/old' });
    const branches = async () =>
      (
        (await (
          await call('/api/repos/octo/app/builds/branches', { as: reader })
        ).json()) as Build[]
      )
        .map((build) => build.target)
        .sort();
    const path = '/api/repos/octo/app/builds/branches/feature/old';
    expect((await call(path, { method: 'DELETE', as: reader })).status).toBe(404);
    expect(await branches()).toEqual(['feature/old', 'main']);
    expect(await said(await call(path, { method: 'DELETE', as: writer }))).toEqual({
      status: 204,
      body: '',
    });
    expect(await branches()).toEqual(['main']);
    // Drone answers 204 for a branch it never indexed.
    expect((await call(`${path}-never`, { method: 'DELETE', as: writer })).status).toBe(204);
    addBuild(repo, { event: 'push', target: 'feature/old' });
    expect(await branches()).toEqual(['feature/old', 'main']);
  });
});
