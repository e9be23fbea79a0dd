// @vitest-environment node
// The `hostile` scenario serves its payloads through the ordinary API, Go-escaped like Drone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Build, Repository, Step } from '../src/api/types';
import { HOSTILE, HOSTILE_ESCAPES, HOSTILE_SLUG, HOSTILE_STEP } from '../fixtures/hostile-data';
import { createNodeServer } from './node';
import { runtime } from './runtime';
import { fixtureUsers, loadScenario } from './scenario';

const server = createNodeServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  loadScenario('hostile');
});
afterAll(() => {
  runtime().engine.dispose();
  server.close();
});

const get = (path: string) => {
  const token = fixtureUsers().find((user) => user.kind === 'admin')!.token;
  return fetch(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}` } });
};

describe('hostile scenario', () => {
  it('lists repositories whose names and commit messages carry markup, escaped on the wire', async () => {
    const response = await get('/api/user/repos?latest=true');
    const raw = await response.clone().text();
    expect(raw).not.toContain('<script>');
    expect(raw).toContain('\\u003cscript\\u003e');
    const repos = (await response.json()) as Repository[];
    expect(repos.map((repo) => repo.slug)).toContain(`hostile/${HOSTILE.img}`);
    expect(repos.find((repo) => repo.slug === HOSTILE_SLUG)?.link).toBe(HOSTILE.javascriptUrl);
  });

  it('has a failed build with hostile stages, steps, logs and card data', async () => {
    const builds = (await (await get(`/api/repos/${HOSTILE_SLUG}/builds`)).json()) as Build[];
    const failed = builds.find((build) => build.status === 'failure')!;
    const detail = (await (
      await get(`/api/repos/${HOSTILE_SLUG}/builds/${failed.number}`)
    ).json()) as Build;
    const steps: Step[] = detail.stages![0]!.steps!;
    expect(steps.map((step) => step.name)).toContain(HOSTILE_STEP);
    const log = (await (
      await get(`/api/repos/${HOSTILE_SLUG}/builds/${failed.number}/logs/1/2`)
    ).json()) as Array<{ out: string }>;
    expect(log.map((line) => line.out)).toContain(`${HOSTILE_ESCAPES.ansiLink}\n`);
    const card = await (await get(`/api/repos/${HOSTILE_SLUG}/cards/${failed.number}/1/2`)).json();
    expect(card).toMatchObject({ Failed: HOSTILE.script });
    expect(builds.some((build) => build.error?.includes(HOSTILE.script))).toBe(true);
  });

  it('keeps a build running at load, streaming the hostile parameters', async () => {
    const builds = (await (await get(`/api/repos/${HOSTILE_SLUG}/builds`)).json()) as Build[];
    expect(builds[0]?.status).toMatch(/pending|running/);
    expect(builds[0]?.params).toMatchObject({ URL: HOSTILE.javascriptUrl });
  });
});
