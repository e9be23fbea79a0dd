// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { db, newId, resetDb } from './db';
import { createEngine } from './engine';
import { stagesOfBuild } from './engine-rows';
import type { PipelineCatalog, StageDefinition } from './pipeline';
import type { Engine } from './runtime';
import type { RepoRow } from './serialize';
import { createEventBus, createLiveLogs } from './streams';

// The mock's scheduler (engine-queue.ts): pause and resume, the runners' one platform, and
// Drone's concurrency limits.

const author = { login: 'octocat', name: 'The Octocat', email: 'o@example.com', avatar: '' };

function setup(stages: StageDefinition[], repoPatch: Partial<RepoRow> = {}) {
  const clock = new ManualClock();
  const pipelines: PipelineCatalog = {
    pipeline: () => ({ stages }),
    head: (_slug, branch) => ({ sha: `sha-${branch}`, message: 'head', author }),
    commit: () => undefined,
  };
  const engine = createEngine({
    clock,
    bus: createEventBus(),
    logs: createLiveLogs(),
    pipelines,
    speed: 1,
  });
  const repo = db.repo.create({
    id: newId(),
    namespace: 'octocat',
    name: 'hello',
    slug: 'octocat/hello',
    default_branch: 'main',
    visibility: 'public',
    active: true,
    version: 1,
    ...repoPatch,
  });
  return { clock, engine, repo };
}

const push = (engine: Engine, repo: RepoRow) =>
  engine.createBuild({
    repoId: repo.id,
    event: 'push',
    trigger: '@hook',
    branch: 'main',
    params: {},
  })!;
const statuses = (buildId: number) => stagesOfBuild(buildId).map((stage) => stage.status);
const step = (ms: number) => ({ name: 'work', image: 'alpine', minDurationMs: ms });

beforeEach(() => resetDb());

describe('the mock scheduler', () => {
  it('starts nothing while paused and picks the held stages up on resume', () => {
    const { clock, engine, repo } = setup([{ name: 'default', steps: [step(2000)] }]);
    engine.setQueuePaused(true);
    const build = push(engine, repo);
    clock.advance(10_000);
    expect(statuses(build.id)).toEqual(['pending']);

    engine.setQueuePaused(false);
    clock.advance(3000);
    expect(statuses(build.id)).toEqual(['running']);
  });

  it('never hands an arm64 or labelled stage to its linux/amd64 runners', () => {
    const { clock, engine, repo } = setup([
      { name: 'amd64', steps: [step(1000)] },
      { name: 'arm64', arch: 'arm64', steps: [step(1000)] },
      { name: 'gpu', labels: { gpu: 'true' }, steps: [step(1000)] },
    ]);
    const build = push(engine, repo);
    clock.advance(60_000);
    expect(statuses(build.id)).toEqual(['success', 'pending', 'pending']);
    const arm = stagesOfBuild(build.id)[1]!;
    expect([arm.os, arm.arch]).toEqual(['linux', 'arm64']);
  });

  it('keeps a concurrency-limited stage pending until the one holding the limit finishes', () => {
    const { clock, engine, repo } = setup([{ name: 'deploy', limit: 1, steps: [step(20_000)] }]);
    const first = push(engine, repo);
    clock.advance(1000);
    const second = push(engine, repo);
    clock.advance(3000);
    expect([statuses(first.id), statuses(second.id)]).toEqual([['running'], ['pending']]);

    clock.advance(20_000);
    expect(statuses(first.id)).toEqual(['success']);
    clock.advance(3000);
    expect(statuses(second.id)).toEqual(['running']);
  });

  it("throttles a repository's stages to its throttle, counting those scheduled before", () => {
    const { clock, engine, repo } = setup([{ name: 'default', steps: [step(20_000)] }], {
      throttle: 1,
    });
    const first = push(engine, repo);
    const second = push(engine, repo);
    clock.advance(5000);
    expect([statuses(first.id), statuses(second.id)]).toEqual([['running'], ['pending']]);
    expect(stagesOfBuild(second.id)[0]!.throttle).toBe(1);
  });

  it('lets a cancelled build release the limit it held', () => {
    const { clock, engine, repo } = setup([{ name: 'deploy', limit: 1, steps: [step(60_000)] }]);
    const first = push(engine, repo);
    clock.advance(1000);
    const second = push(engine, repo);
    clock.advance(3000);
    engine.cancel(db.build.findFirst({ where: { id: { equals: first.id } } })!);
    clock.advance(3000);
    expect(statuses(second.id)).toEqual(['running']);
  });
});
