// Build actions and event streams, run unchanged against the standalone mock and a real Drone
// (docs/drone-api.md 4.2, 5): the bytes of both event streams, a live log stream, cancel,
// restart, and the messages of actions a build's state refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, readStream } from './call';
import { TARGETS, type ContractTarget } from './targets';

interface Build {
  number: number;
  status: string;
  parent?: number;
  stages?: { number: number; status: string; steps?: { number: number; status: string }[] }[];
}

async function waitFor(
  target: ContractTarget,
  slug: string,
  number: number,
  ready: (build: Build) => boolean,
): Promise<Build> {
  const deadline = Date.now() + 60_000;
  let build: Build | undefined;
  while (Date.now() < deadline) {
    build = (await call(target, 'admin', 'GET', `/api/repos/${slug}/builds/${number}`))
      .json as Build;
    if (ready(build)) return build;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${slug} #${number} is still ${build?.status}`);
}

const firstStepRunning = (build: Build) => build.stages?.[0]?.steps?.[0]?.status === 'running';

describe.each(TARGETS)('builds and streams: $name', (kind) => {
  let target: ContractTarget;
  beforeAll(async () => {
    target = await kind.start();
  });
  afterAll(() => target?.close());

  it('starts the global event stream with a flushed ping and SSE headers', async () => {
    const stream = await readStream(target, 'admin', '/api/stream', /: ping\n\n/);
    expect(stream.status).toBe(200);
    expect(stream.text.startsWith(': ping\n\n')).toBe(true);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.headers.get('cache-control')).toBe('no-cache');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
  });

  it('publishes the build that runs on /api/stream: its repository, the build, stages and steps', async () => {
    let number = -1;
    const events = (text: string) =>
      [...text.matchAll(/^data: (.*)$/gm)].map(
        (match) => JSON.parse(match[1]!) as { slug: string; build?: Build },
      );
    const published = (text: string) =>
      events(text).find((event) => event.slug === target.slow && event.build?.number === number);
    const stream = readStream(target, 'admin', '/api/stream', (text) => !!published(text));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = await call(target, 'admin', 'POST', `/api/repos/${target.slow}/builds`);
    number = (started.json as Build).number;
    const event = published((await stream).text)!;
    expect(event).toMatchObject({ slug: target.slow, build: { number } });
    expect(event).not.toHaveProperty('permissions');
    expect(event.build!.stages![0]!.steps!.length).toBeGreaterThan(0);
    await call(target, 'admin', 'DELETE', `/api/repos/${target.slow}/builds/${number}`);
    await waitFor(target, target.slow, number, (build) => build.status === 'killed');
  });

  it('answers the log stream of a finished step with a ping and eof only', async () => {
    const builds = (await call(target, 'admin', 'GET', `/api/repos/${target.writable}/builds`))
      .json as Build[];
    const done = builds.find((build) => build.status === 'success')!;
    const path = `/api/stream/${target.writable}/${done.number}/1/1`;
    const stream = await readStream(target, 'admin', path, /data: eof\n\n/);
    expect(stream.text).toBe(': ping\n\nevent: error\ndata: eof\n\n');
  });

  it('streams a running step’s lines as data events ending in three newlines, then cancels it', async () => {
    const started = await call(target, 'admin', 'POST', `/api/repos/${target.slow}/builds`);
    expect(started.status).toBe(200);
    const { number } = started.json as Build;
    await waitFor(target, target.slow, number, firstStepRunning);
    const path = `/api/stream/${target.slow}/${number}/1/1`;
    const stream = await readStream(target, 'admin', path, /(data: \{[^\n]*\n\n\n){2}/);
    expect(stream.text.startsWith(': ping\n\n')).toBe(true);
    const line = /data: (\{[^\n]*\})\n\n\n/.exec(stream.text);
    expect(JSON.parse(line![1]!)).toEqual({
      pos: expect.any(Number),
      out: expect.any(String),
      time: expect.any(Number),
    });
    const cancelled = await call(
      target,
      'admin',
      'DELETE',
      `/api/repos/${target.slow}/builds/${number}`,
    );
    expect(cancelled.status).toBe(200);
    const killed = await waitFor(target, target.slow, number, (build) => build.status === 'killed');
    expect(killed.stages![0]!.status).toBe('killed');
  });

  it('restarts a finished build as a new number of the same event', async () => {
    const builds = (await call(target, 'admin', 'GET', `/api/repos/${target.writable}/builds`))
      .json as (Build & { event: string })[];
    const done = builds.find((build) => build.status === 'success')!;
    const restarted = await call(
      target,
      'admin',
      'POST',
      `/api/repos/${target.writable}/builds/${done.number}`,
    );
    expect(restarted.status).toBe(200);
    const build = restarted.json as Build & { event: string };
    expect(build.number).toBeGreaterThan(builds[0]!.number);
    expect(build.event).toBe(done.event);
  });

  it('refuses to approve a stage that is not blocked, with Drone’s message', async () => {
    const builds = (await call(target, 'admin', 'GET', `/api/repos/${target.writable}/builds`))
      .json as Build[];
    const done = builds.find((build) => build.status === 'success')!;
    const path = `/api/repos/${target.writable}/builds/${done.number}/approve/1`;
    const answer = await call(target, 'admin', 'POST', path);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ message: 'Cannot approve a Pipeline with Status "success"' });
  });

  it('refuses a member the admin-only build actions with 404 Not Found', async () => {
    const path = `/api/repos/${target.writable}/builds/1/approve/1`;
    const answer = await call(target, 'member', 'POST', path);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ message: 'Not Found' });
  });
});
