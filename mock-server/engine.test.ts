// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import type { Line, Repository } from '../src/api/types';
import { ManualClock } from './clock';
import { db, newId, resetDb } from './db';
import { createEngine } from './engine';
import { stagesOfBuild, stepsOfStage } from './engine-rows';
import { storedLogBytes } from './logstore';
import type { PipelineCatalog, PipelineDefinition, StageDefinition } from './pipeline';
import type { Engine } from './runtime';
import type { BuildRow, RepoRow } from './serialize';
import { createEventBus, createLiveLogs } from './streams';

const author = { login: 'octocat', name: 'The Octocat', email: 'o@example.com', avatar: '' };

function catalogOf(stages: StageDefinition[]): PipelineCatalog {
  const definition: PipelineDefinition = { stages };
  return {
    pipeline: () => definition,
    head: (_slug, branch) => ({ sha: `sha-${branch}`, message: `head of ${branch}`, author }),
    commit: () => undefined,
  };
}

const lines = (prefix: string, count: number) => () =>
  Array.from({ length: count }, (_, i) => `${prefix} ${i}`);

function setup(stages: StageDefinition[], repoPatch: Partial<RepoRow> = {}) {
  const clock = new ManualClock();
  const bus = createEventBus();
  const logs = createLiveLogs();
  const engine = createEngine({ clock, bus, logs, pipelines: catalogOf(stages), speed: 4 });
  const repo = db.repo.create({
    id: newId(),
    namespace: 'octocat',
    name: 'hello',
    slug: 'octocat/hello',
    link: 'https://github.com/octocat/hello',
    default_branch: 'main',
    visibility: 'public',
    active: true,
    version: 1,
    ...repoPatch,
  });
  const events: Repository[] = [];
  bus.subscribe((event) => events.push(event));
  return { clock, bus, logs, engine, repo, events };
}

function push(engine: Engine, repo: RepoRow, branch = 'main'): BuildRow {
  const build = engine.createBuild({
    repoId: repo.id,
    event: 'push',
    trigger: '@hook',
    branch,
    params: { DEPLOY_ENV: 'staging' },
  });
  if (!build) throw new Error('no build');
  return build;
}

const buildOf = (id: number) => db.build.findFirst({ where: { id: { equals: id } } })!;
const stageStatuses = (buildId: number) => stagesOfBuild(buildId).map((s) => s.status);
const stepStatuses = (buildId: number) =>
  stagesOfBuild(buildId).flatMap((s) => stepsOfStage(s.id).map((step) => step.status));

beforeEach(() => resetDb());

describe('engine', () => {
  it('creates a pending build and runs it to success stage by stage, step by step', () => {
    const { clock, engine, repo } = setup([
      {
        name: 'default',
        steps: [
          { name: 'clone', image: 'drone/git', script: lines('clone', 3) },
          { name: 'test', image: 'golang', script: lines('test', 5) },
        ],
      },
    ]);
    const build = push(engine, repo);
    expect(build).toMatchObject({ number: 1, status: 'pending', event: 'push', after: 'sha-main' });
    expect(build.ref).toBe('refs/heads/main');
    expect(JSON.parse(build.params)).toEqual({ DEPLOY_ENV: 'staging' });
    expect(db.repo.findFirst({ where: { id: { equals: repo.id } } })!.counter).toBe(1);
    expect(stageStatuses(build.id)).toEqual(['pending']);
    expect(stepStatuses(build.id)).toEqual(['pending', 'pending']);

    clock.advance(1000); // runner pickup takes 0.8-2 s at speed 1, so 200-500 ms here
    expect(buildOf(build.id).status).toBe('running');
    expect(stageStatuses(build.id)).toEqual(['running']);
    expect(stepStatuses(build.id)).toEqual(['running', 'pending']);
    const [stage] = stagesOfBuild(build.id);
    expect(stage!.machine).not.toBe('');
    expect(stage!.started).toBeGreaterThan(0);

    clock.runAll();
    const done = buildOf(build.id);
    expect(done.status).toBe('success');
    expect(done.started).toBeGreaterThan(0);
    expect(done.finished).toBeGreaterThanOrEqual(done.started);
    expect(stageStatuses(build.id)).toEqual(['success']);
    const steps = stepsOfStage(stage!.id);
    expect(steps.map((s) => [s.status, s.exit_code])).toEqual([
      ['success', 0],
      ['success', 0],
    ]);
    expect(steps[1]!.started).toBeGreaterThanOrEqual(steps[0]!.stopped);
  });

  it('runs stages in depends_on order and skips dependants of a failure', () => {
    const { clock, engine, repo } = setup([
      { name: 'build', steps: [{ name: 'compile', image: 'golang', script: lines('c', 2) }] },
      {
        name: 'test',
        depends_on: ['build'],
        steps: [
          { name: 'unit', image: 'golang', exitCode: 1, script: lines('u', 2) },
          { name: 'after', image: 'alpine' },
          { name: 'report', image: 'alpine', when: 'failure' },
        ],
      },
      { name: 'deploy', depends_on: ['test'], steps: [{ name: 'ship', image: 'alpine' }] },
      {
        name: 'notify',
        depends_on: ['deploy'],
        on_failure: true,
        steps: [{ name: 'slack', image: 'plugins/slack' }],
      },
    ]);
    const build = push(engine, repo);
    expect(stageStatuses(build.id)).toEqual([
      'pending',
      'waiting_on_dependencies',
      'waiting_on_dependencies',
      'waiting_on_dependencies',
    ]);
    clock.advance(1000);
    expect(stageStatuses(build.id)).toEqual([
      'running',
      'waiting_on_dependencies',
      'waiting_on_dependencies',
      'waiting_on_dependencies',
    ]);
    clock.runAll();
    expect(stageStatuses(build.id)).toEqual(['success', 'failure', 'skipped', 'success']);
    const [first, second] = stagesOfBuild(build.id);
    expect(second!.started).toBeGreaterThanOrEqual(first!.stopped);
    expect(stepsOfStage(second!.id).map((s) => [s.name, s.status, s.exit_code])).toEqual([
      ['unit', 'failure', 1],
      ['after', 'skipped', 0],
      ['report', 'success', 0],
    ]);
    expect(buildOf(build.id).status).toBe('failure');
  });

  it('runs steps by their depends_on inside a stage', () => {
    const { clock, engine, repo } = setup([
      {
        name: 'default',
        steps: [
          { name: 'a', image: 'alpine', minDurationMs: 16000 },
          { name: 'b', image: 'alpine', minDurationMs: 4000 },
          { name: 'c', image: 'alpine', depends_on: ['a', 'b'] },
        ],
      },
    ]);
    const build = push(engine, repo);
    clock.advance(500); // picked up after 200-500 ms at speed 4
    expect(stepStatuses(build.id)).toEqual(['running', 'running', 'pending']);
    clock.advance(1100); // b takes 4000 / 4 ms
    expect(stepStatuses(build.id)).toEqual(['running', 'success', 'pending']);
    clock.advance(3000); // a takes 4000 ms, c at least 500 ms
    expect(stepStatuses(build.id)).toEqual(['success', 'success', 'running']);
    clock.runAll();
    expect(buildOf(build.id).status).toBe('success');
  });

  it('holds a blocked stage until it is approved', () => {
    const { clock, engine, repo } = setup([
      { name: 'build', steps: [{ name: 'compile', image: 'golang' }] },
      {
        name: 'deploy',
        depends_on: ['build'],
        needsApproval: true,
        steps: [{ name: 'ship', image: 'alpine' }],
      },
    ]);
    const build = push(engine, repo);
    expect(stageStatuses(build.id)).toEqual(['pending', 'blocked']);
    clock.runAll();
    expect(stageStatuses(build.id)).toEqual(['success', 'blocked']);
    expect(buildOf(build.id).status).toBe('running');
    expect(() => engine.approve(build, 1)).toThrow(
      'Cannot approve a Pipeline with Status "success"',
    );
    expect(() => engine.approve(build, 9)).toThrow('Stage not found');
    engine.approve(build, 2);
    expect(stageStatuses(build.id)).toEqual(['success', 'waiting_on_dependencies']);
    clock.runAll();
    expect(stageStatuses(build.id)).toEqual(['success', 'success']);
    expect(buildOf(build.id).status).toBe('success');
  });

  it('keeps a build with only blocked stages pending; decline declines stage and build', () => {
    const { clock, engine, repo } = setup([
      { name: 'default', steps: [{ name: 'test', image: 'golang' }] },
      { name: 'other', steps: [{ name: 'lint', image: 'golang' }] },
    ]);
    db.repo.update({ where: { id: { equals: repo.id } }, data: { protected: true } });
    const build = push(engine, repo);
    clock.runAll();
    expect(buildOf(build.id).status).toBe('pending');
    expect(stageStatuses(build.id)).toEqual(['blocked', 'blocked']);
    engine.decline(build, 1);
    expect(buildOf(build.id).status).toBe('declined');
    expect(stageStatuses(build.id)).toEqual(['declined', 'blocked']);
    engine.decline(build, 2); // what POST .../decline (the whole build) does per stage
    expect(stageStatuses(build.id)).toEqual(['declined', 'declined']);
    expect(() => engine.decline(build, 1)).toThrow('Cannot decline build with status "declined"');
    clock.runAll();
    expect(buildOf(build.id).status).toBe('declined');
  });

  it('decline skips the stages still waiting to run', () => {
    const { clock, engine, repo } = setup([
      { name: 'approve', needsApproval: true, steps: [{ name: 'a', image: 'alpine' }] },
      { name: 'deploy', depends_on: ['approve'], steps: [{ name: 'b', image: 'alpine' }] },
    ]);
    const build = push(engine, repo);
    expect(stageStatuses(build.id)).toEqual(['blocked', 'waiting_on_dependencies']);
    engine.decline(build, 1);
    clock.runAll();
    expect(stageStatuses(build.id)).toEqual(['declined', 'skipped']);
    expect(buildOf(build.id).status).toBe('declined');
  });

  it('cancel kills a running build: started work killed, the rest skipped, exit code 130', () => {
    const { clock, engine, logs, repo, events } = setup([
      {
        name: 'default',
        steps: [
          { name: 'clone', image: 'drone/git', minDurationMs: 1000 },
          { name: 'test', image: 'golang', script: lines('t', 400) },
          { name: 'publish', image: 'plugins/docker' },
        ],
      },
      { name: 'deploy', depends_on: ['default'], steps: [{ name: 'ship', image: 'alpine' }] },
    ]);
    const build = push(engine, repo);
    clock.advance(3000);
    expect(stepStatuses(build.id).slice(0, 3)).toEqual(['success', 'running', 'pending']);
    const testStep = stepsOfStage(stagesOfBuild(build.id)[0]!.id)[1]!;
    const streamed: Line[] = [];
    logs.subscribe(
      testStep.id,
      (line) => streamed.push(line),
      () => {},
    );
    const published = events.length;

    const killed = engine.cancel(buildOf(build.id));
    expect(killed.status).toBe('killed');
    expect(killed.finished).toBeGreaterThan(0);
    expect(events.length).toBe(published + 1);
    expect(events.at(-1)!.build!.status).toBe('killed');
    expect(stageStatuses(build.id)).toEqual(['killed', 'skipped']);
    const steps = stagesOfBuild(build.id).flatMap((s) => stepsOfStage(s.id));
    expect(steps.map((s) => [s.name, s.status, s.exit_code])).toEqual([
      ['clone', 'success', 0],
      ['test', 'killed', 130],
      ['publish', 'skipped', 130],
      ['ship', 'skipped', 130],
    ]);
    expect(steps.every((s) => s.stopped > 0 && s.started > 0)).toBe(true);
    expect(logs.isLive(testStep.id)).toBe(false);
    expect(streamed.length).toBeGreaterThan(0);
    expect(JSON.parse(storedLogBytes(testStep.id)!)).toEqual(streamed);

    clock.runAll();
    expect(buildOf(build.id).status).toBe('killed');
    // A finished build keeps its status.
    expect(engine.cancel(buildOf(build.id)).status).toBe('killed');
  });

  it('streams log lines in order with increasing pos and stores exactly what streamed', () => {
    const { clock, engine, logs, repo } = setup([
      {
        name: 'default',
        steps: [
          { name: 'test', image: 'golang', script: lines('\u001b[32mok\u001b[0m <b>&', 50) },
          { name: 'quiet', image: 'alpine' },
        ],
      },
    ]);
    const build = push(engine, repo);
    clock.advance(1000);
    const [testStep, quiet] = stepsOfStage(stagesOfBuild(build.id)[0]!.id);
    expect(logs.isLive(testStep!.id)).toBe(true);
    expect(storedLogBytes(testStep!.id)).toBeNull(); // a running step has no stored log
    const streamed: Line[] = [];
    let ended = false;
    logs.subscribe(
      testStep!.id,
      (line) => streamed.push(line),
      () => (ended = true),
    );
    clock.runAll();
    expect(ended).toBe(true);
    expect(streamed.map((l) => l.pos)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(streamed.every((l, i) => i === 0 || l.time >= streamed[i - 1]!.time)).toBe(true);
    expect(streamed[0]!.out).toBe('\u001b[32mok\u001b[0m <b>& 0\n');
    const stored = storedLogBytes(testStep!.id)!;
    expect(stored.endsWith(']\n')).toBe(true);
    expect(stored).toContain('\\u001b[32mok\\u001b[0m \\u003cb\\u003e\\u0026 0\\n');
    expect(JSON.parse(stored)).toEqual(streamed);
    expect(storedLogBytes(quiet!.id)).toBe('null\n');
  });

  it('publishes on create, stage start, step start and finish, stage finish and build finish', () => {
    const { clock, engine, repo, events } = setup([
      { name: 'default', steps: [{ name: 'a', image: 'alpine' }] },
    ]);
    const build = push(engine, repo);
    clock.runAll();
    const trail = events.map((e) => {
      const stage = e.build!.stages![0]!;
      return `${e.build!.status}/${stage.status}/${stage.steps![0]!.status}`;
    });
    expect(trail).toEqual([
      'pending/pending/pending', // create (a deviation from Drone, see engine.ts)
      'running/running/pending', // stage started
      'running/running/running', // step started
      'running/running/success', // step finished
      'running/success/success', // stage finished
      'success/success/success', // build finished
    ]);
    expect(events.every((e) => e.slug === 'octocat/hello' && e.permissions === undefined)).toBe(
      true,
    );
    expect(events[0]!.build!.number).toBe(build.number);
  });

  // docs/drone-api.md 5.2: an event carries the build that changed, so a console following two
  // overlapping builds sees the older one finish (issue 28 item 12).
  it("publishes the build that changed, not the repository's latest", () => {
    const { clock, engine, repo, events } = setup([
      { name: 'default', steps: [{ name: 'a', image: 'alpine' }] },
    ]);
    const first = push(engine, repo);
    const second = push(engine, repo, 'develop');
    clock.runAll();
    const finished = events
      .filter((e) => e.build!.status === 'success')
      .map((e) => e.build!.number)
      .sort((a, b) => a - b);
    expect(finished).toEqual([first.number, second.number]);
    for (const event of events) {
      const build = event.build!;
      expect(build.stages!.every((stage) => stage.build_id === build.id)).toBe(true);
    }
  });

  it('auto-cancels older pending builds of the same branch', () => {
    const { engine, repo } = setup([{ name: 'default', steps: [{ name: 'a', image: 'alpine' }] }], {
      auto_cancel_pushes: true,
    });
    const first = push(engine, repo);
    const other = push(engine, repo, 'develop');
    const second = push(engine, repo);
    expect(buildOf(first.id).status).toBe('killed');
    expect(buildOf(other.id).status).toBe('pending');
    expect(buildOf(second.id).status).toBe('pending');
  });

  it('resumes a running build after a restart, catching up on lines already printed', () => {
    const stages: StageDefinition[] = [
      { name: 'default', steps: [{ name: 'test', image: 'golang', script: lines('t', 40) }] },
    ];
    const first = setup(stages);
    const build = push(first.engine, first.repo);
    first.clock.advance(2000);
    first.engine.dispose();
    const step = stepsOfStage(stagesOfBuild(build.id)[0]!.id)[0]!;
    expect(step.status).toBe('running');

    const logs = createLiveLogs();
    const engine = createEngine({
      clock: first.clock,
      bus: createEventBus(),
      logs,
      pipelines: catalogOf(stages),
      speed: 4,
    });
    engine.resume();
    const replayed: Line[] = [];
    logs.subscribe(
      step.id,
      (line) => replayed.push(line),
      () => {},
    );
    expect(replayed.length).toBeGreaterThan(0);
    first.clock.runAll();
    expect(replayed.map((l) => l.pos)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(buildOf(build.id).status).toBe('success');
  });

  it('ends a step the runner cannot start in error, with the text on the step and stage', () => {
    const { clock, engine, repo } = setup([
      {
        name: 'default',
        steps: [
          {
            name: 'pull',
            image: 'private/image',
            error: 'pull access denied',
            script: lines('x', 3),
          },
          { name: 'after', image: 'alpine' },
        ],
      },
    ]);
    const build = push(engine, repo);
    clock.runAll();
    const [stage] = stagesOfBuild(build.id);
    expect(stage).toMatchObject({ status: 'error', error: 'pull access denied' });
    expect(stepsOfStage(stage!.id).map((s) => [s.status, s.error])).toEqual([
      ['error', 'pull access denied'],
      ['skipped', ''],
    ]);
    expect(buildOf(build.id).status).toBe('error');
  });

  it('creates an error build without stages for a pipeline error, and null when none matches', () => {
    const clock = new ManualClock();
    let answer: PipelineDefinition | { error: string } | null = { error: 'yaml: line 3: bad' };
    const engine = createEngine({
      clock,
      bus: createEventBus(),
      logs: createLiveLogs(),
      pipelines: { ...catalogOf([]), pipeline: () => answer },
    });
    const repo = db.repo.create({ id: newId(), slug: 'a/b', default_branch: 'main' });
    const build = push(engine, repo);
    expect(build).toMatchObject({ status: 'error', error: 'yaml: line 3: bad' });
    expect(build.started).toBe(build.created);
    expect(build.finished).toBe(build.created);
    expect(stagesOfBuild(build.id)).toEqual([]);
    answer = null;
    expect(
      engine.createBuild({
        repoId: repo.id,
        event: 'push',
        trigger: '@hook',
        branch: 'main',
        params: {},
      }),
    ).toBeNull();
  });
});
