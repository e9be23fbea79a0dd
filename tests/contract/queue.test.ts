// Issue 31 parts 4 and 5 against the standalone mock and a real Drone: the queue's guards and
// its pause and resume, and the guards of a step log's deletion and a branch entry's removal
// (docs/drone-api.md 4.2, 4.7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorBody } from './call';
import { TARGETS, type ContractTarget } from './targets';

describe.each(TARGETS)('queue and index contract: $name', (kind) => {
  let target: ContractTarget;
  beforeAll(async () => {
    target = await kind.start();
  });
  afterAll(() => target?.close());

  it('keeps the queue for system admins: 401, 403, then every pending and running stage', async () => {
    expect((await call(target, 'anonymous', 'GET', '/api/queue')).text).toBe(
      errorBody('Unauthorized'),
    );
    const member = await call(target, 'member', 'DELETE', '/api/queue');
    expect([member.status, member.text]).toEqual([403, errorBody('Forbidden')]);
    const queue = await call(target, 'admin', 'GET', '/api/queue');
    expect(queue.status).toBe(200);
    const stages = queue.json as Array<{ status: string }>;
    expect(stages.every((stage) => ['pending', 'running'].includes(stage.status))).toBe(true);
  });

  it('pauses and resumes the scheduler with 204 and no body', async () => {
    const paused = await call(target, 'admin', 'DELETE', '/api/queue');
    const resumed = await call(target, 'admin', 'POST', '/api/queue');
    expect([paused.status, paused.text, resumed.status, resumed.text]).toEqual([204, '', 204, '']);
  });

  it("refuses a writer a step log's deletion with 404 Not Found (repository admins only)", async () => {
    const answer = await call(
      target,
      'member',
      'DELETE',
      `/api/repos/${target.writable}/builds/1/logs/1/1`,
    );
    expect([answer.status, answer.text]).toEqual([404, errorBody('Not Found')]);
  });

  it('lets a writer remove a branch entry, named or not: 204', async () => {
    const answer = await call(
      target,
      'member',
      'DELETE',
      `/api/repos/${target.writable}/builds/branches/never/indexed`,
    );
    expect([answer.status, answer.text]).toEqual([204, '']);
  });
});
