// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db, newId } from './db';
import { createNodeServer, resetMockDb } from './node';
import { createEventBus, createLiveLogs } from './streams';
import { addBuild, addRepo, addUser, call, fakeRuntime } from './testkit';

// GET /api/system/stats as Drone's handler/api/system/stats.go answers (issue 28 item 13).

const server = createNodeServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => resetMockDb());

function stage(buildId: number, status: string, platform: { os?: string; arch?: string } = {}) {
  db.stage.create({
    id: newId(),
    build_id: buildId,
    number: db.stage.count({ where: { build_id: { equals: buildId } } }) + 1,
    status,
    os: platform.os ?? 'linux',
    arch: platform.arch ?? 'amd64',
  });
}

describe('GET /api/system/stats', () => {
  it('is for system administrators: guest 401, member 403', async () => {
    fakeRuntime();
    const member = addUser('member');
    expect((await call('/api/system/stats')).status).toBe(401);
    const refused = await call('/api/system/stats', { as: member });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe('{"message":"Forbidden"}\n');
  });

  it('counts users, active repositories, builds, the queue by platform and subscribers', async () => {
    const { runtime } = fakeRuntime();
    runtime.bus = createEventBus();
    runtime.logs = createLiveLogs();
    const admin = addUser('root', { admin: true });
    addUser('member');
    const repo = addRepo('acme/api');
    addRepo('acme/old', { active: false });
    addBuild(repo, { status: 'success' });
    const pending = addBuild(repo, { status: 'pending' });
    const running = addBuild(repo, { status: 'running' });
    stage(pending.id, 'pending', { arch: 'arm64' });
    stage(running.id, 'running', { arch: 'arm' });
    stage(running.id, 'running'); // linux/amd64: Drone never counts these
    runtime.bus.subscribe(() => undefined);
    for (const stepId of [9, 10]) runtime.logs.open(stepId);
    runtime.logs.subscribe(
      10,
      () => undefined,
      () => undefined,
    );

    const response = await call('/api/system/stats', { as: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const text = await response.text();
    // Go writes a map[int64]int with its keys sorted as strings.
    expect(text).toContain('"streams":{"10":1,"9":0},"watchers":null}\n');
    const stats = JSON.parse(text) as Record<string, unknown>;
    expect(stats.users).toEqual({ total: 2 });
    expect(stats.repos).toEqual({ active: 1 });
    expect(stats.builds).toEqual({ pending: 1, running: 1, total: 3 });
    expect(stats.events).toEqual({ subscribers: 1 });
    const pipelines = stats.pipelines as Array<Record<string, unknown>>;
    expect(pipelines.map((p) => `${p.os}/${p.arch}${p.variant}${p.kernel}`)).toEqual([
      'linux/armv6',
      'linux/armv7',
      'linux/arm64v8',
      'linux/armv9',
      'linux/amd64',
      'windows/arm641709',
      'windows/arm641803',
      'windows/arm641809',
    ]);
    expect(pipelines.map((p) => [p.pending, p.running, p.subscribers])).toEqual([
      [0, 0, 0],
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });
});
