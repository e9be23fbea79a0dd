// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Line } from '../src/api/types';
import { BENCH_LINE_COUNTS } from '../fixtures/bench';
import { ManualClock } from './clock';
import { db } from './db';
import { stagesOfBuild, stepsOfStage } from './engine-rows';
import { storedLogBytes } from './logstore';
import { runtime } from './runtime';
import {
  fixtureUsers,
  loadScenario,
  restoreDb,
  scenarioNames,
  snapshotDb,
  type ScenarioName,
} from './scenario';

const START = Date.UTC(2026, 10, 1, 12, 0, 0);

function load(name: ScenarioName): ManualClock {
  const clock = new ManualClock(START);
  loadScenario(name, { clock });
  return clock;
}

const repoBySlug = (slug: string) => db.repo.findFirst({ where: { slug: { equals: slug } } })!;
const allStatuses = () => [
  ...db.build.getAll().map((b) => b.status),
  ...db.stage.getAll().map((s) => s.status),
  ...db.step.getAll().map((s) => s.status),
];

afterAll(() => runtime().engine.dispose());

describe('demo scenario', () => {
  let snapshot = '';
  beforeAll(() => {
    load('demo');
    snapshot = snapshotDb();
  });

  it('has users of every kind with fixed 32-character tokens', () => {
    expect(scenarioNames).toEqual(['demo', 'empty', 'bench', 'hostile']);
    const users = fixtureUsers();
    expect(users.map((u) => [u.login, u.kind])).toEqual([
      ['admin', 'admin'],
      ['member', 'member'],
      ['inactive', 'inactive'],
      ['robot', 'machine'],
    ]);
    for (const user of users) {
      expect(user.token).toMatch(/^[A-Za-z0-9]{32}$/);
      const row = db.user.findFirst({ where: { login: { equals: user.login } } })!;
      expect(row.token).toBe(user.token);
      expect(row.password).toBe(user.login);
    }
    const admin = db.user.findFirst({ where: { login: { equals: 'admin' } } })!;
    expect(admin.admin).toBe(true);
    expect(db.user.findFirst({ where: { login: { equals: 'robot' } } })!.machine).toBe(true);
    expect(db.user.findFirst({ where: { login: { equals: 'inactive' } } })!.active).toBe(false);
    expect(db.user.getAll().every((u) => u.avatar === '' || u.avatar.startsWith('data:'))).toBe(
      true,
    );
  });

  it('has at least 25 repositories over 4 organizations, of every visibility and state', () => {
    const repos = db.repo.getAll();
    expect(repos.length).toBeGreaterThanOrEqual(25);
    expect(new Set(repos.map((r) => r.namespace))).toEqual(
      new Set(['octocat', 'acme', 'drone', 'frontend']),
    );
    expect(new Set(repos.map((r) => r.visibility))).toEqual(
      new Set(['public', 'private', 'internal']),
    );
    expect(repos.some((r) => r.active)).toBe(true);
    expect(repos.some((r) => !r.active)).toBe(true);
    expect(
      repos.every((r) => r.counter === db.build.count({ where: { repo_id: { equals: r.id } } })),
    ).toBe(true);
  });

  it('gives the member write, read-only, admin and no access, and org memberships', () => {
    const member = db.user.findFirst({ where: { login: { equals: 'member' } } })!;
    const perms = db.perm.findMany({ where: { user_id: { equals: member.id } } });
    const kinds = new Set(perms.map((p) => (p.admin ? 'admin' : p.write ? 'write' : 'read')));
    expect(kinds).toEqual(new Set(['admin', 'write', 'read']));
    expect(perms.length).toBeLessThan(db.repo.count());
    const orgs = db.membership.findMany({ where: { user_id: { equals: member.id } } });
    expect(orgs.some((m) => m.admin)).toBe(true);
    expect(orgs.some((m) => !m.admin)).toBe(true);
  });

  it('has builds of every status and event, deployments, cron and custom builds', () => {
    const statuses = new Set(allStatuses());
    for (const status of [
      'success',
      'running',
      'pending',
      'blocked',
      'waiting_on_dependencies',
      'failure',
      'error',
      'declined',
      'killed',
      'skipped',
    ]) {
      expect(statuses, status).toContain(status);
    }
    const builds = db.build.getAll();
    const buildStatuses = new Set(builds.map((b) => b.status));
    for (const status of [
      'success',
      'running',
      'pending',
      'failure',
      'error',
      'declined',
      'killed',
      'skipped',
    ]) {
      expect(buildStatuses, status).toContain(status);
    }
    const events = new Set(builds.map((b) => b.event));
    expect(events).toEqual(
      new Set(['push', 'pull_request', 'tag', 'promote', 'rollback', 'cron', 'custom']),
    );
    const actions = new Set(builds.filter((b) => b.event === 'pull_request').map((b) => b.action));
    expect(actions).toEqual(new Set(['opened', 'synchronized']));
    expect(
      builds
        .filter((b) => b.event === 'promote' || b.event === 'rollback')
        .every((b) => b.deploy_to !== '' && b.parent > 0),
    ).toBe(true);
    expect(
      builds.filter((b) => b.event === 'cron').every((b) => b.cron !== '' && b.trigger === '@cron'),
    ).toBe(true);
    expect(builds.some((b) => b.debug)).toBe(true);
    expect(builds.some((b) => b.event === 'custom' && JSON.parse(b.params).DEPLOY_ENV)).toBe(true);
    const stageError = db.stage.getAll().find((s) => s.status === 'error')!;
    expect(stageError.error).toContain('pull access denied');
    const errored = builds.find((b) => b.status === 'error' && b.error !== '')!;
    expect(errored.error).not.toBe('');
    expect(stagesOfBuild(errored.id)).toEqual([]);
  });

  it('has a pending build with a blocked stage and multi-stage pipelines with depends_on', () => {
    const pending = db.build.getAll().filter((b) => b.status === 'pending');
    expect(pending.some((b) => stagesOfBuild(b.id).some((s) => s.status === 'blocked'))).toBe(true);
    expect(db.stage.getAll().some((s) => s.depends_on.length > 0)).toBe(true);
    expect(db.step.getAll().some((s) => s.depends_on.length > 0)).toBe(true);
  });

  it('has a running build that actually streams in the engine', () => {
    const running = db.step.getAll().filter((s) => s.status === 'running');
    expect(running.length).toBeGreaterThan(0);
    const { logs } = runtime();
    for (const step of running) expect(logs.isLive(step.id)).toBe(true);
    const api = repoBySlug('acme/api');
    const [latest] = db.build.findMany({
      where: { repo_id: { equals: api.id } },
      orderBy: { id: 'desc' },
      take: 1,
    });
    expect(latest!.status).toBe('running');
    const step = stagesOfBuild(latest!.id)
      .flatMap((s) => stepsOfStage(s.id))
      .find((s) => s.status === 'running')!;
    const seen: Line[] = [];
    const stop = logs.subscribe(
      step.id,
      (line) => seen.push(line),
      () => {},
    );
    expect(seen.length).toBeGreaterThan(0); // history replay
    const replayed = seen.length;
    (runtime().clock as ManualClock).advance(5000);
    expect(seen.length).toBeGreaterThan(replayed);
    expect(seen.map((l) => l.pos)).toEqual(seen.map((_, i) => i));
    stop();
  });

  it('stores logs of finished steps, a null log for silent steps, and an adaptive card', () => {
    const finished = db.step
      .getAll()
      .filter((s) => s.status === 'success' || s.status === 'failure');
    expect(finished.every((s) => storedLogBytes(s.id) !== null)).toBe(true);
    expect(finished.some((s) => storedLogBytes(s.id) === 'null\n')).toBe(true);
    const logs = finished.map((s) => storedLogBytes(s.id)!).join('');
    for (const needle of [
      '\\r',
      '::group::',
      '::endgroup::',
      '\\u001b[32m',
      '\\u001b[31m',
      'https://',
      '+ echo $DEPLOY_ENV',
    ]) {
      expect(logs, needle).toContain(needle);
    }
    const withSchema = db.step.getAll().filter((s) => s.schema !== '');
    expect(withSchema.length).toBeGreaterThan(0);
    const card = db.card.findFirst({ where: { id: { equals: withSchema[0]!.id } } })!;
    expect(JSON.parse(card.data)).toBeTypeOf('object');
    expect(withSchema[0]!.schema).toMatch(/^\/api\/mock\/card-schemas\/.+\.json$/);
  });

  it('has cron jobs, repository and organization secrets, and templates of every extension', () => {
    expect(db.cron.count()).toBeGreaterThan(0);
    expect(db.secret.getAll().some((s) => s.repo_id > 0)).toBe(true);
    expect(db.secret.getAll().some((s) => s.repo_id === 0 && s.namespace !== '')).toBe(true);
    const names = db.template.getAll().map((t) => t.name);
    for (const ext of ['.yaml', '.jsonnet', '.starlark'])
      expect(
        names.some((n) => n.endsWith(ext)),
        ext,
      ).toBe(true);
  });

  it('is deterministic and survives a snapshot round trip, then keeps running', () => {
    load('demo');
    // The same data; only the session secret is new with every database (issue 17 item 7).
    const { sessionSecret, ...data } = JSON.parse(snapshotDb()) as { sessionSecret: string };
    const { sessionSecret: before, ...expected } = JSON.parse(snapshot) as typeof data & {
      sessionSecret: string;
    };
    expect(data).toEqual(expected);
    expect(sessionSecret).not.toBe(before);
    const clock = new ManualClock(START + 2000);
    restoreDb(snapshot, { clock });
    expect(snapshotDb()).toBe(snapshot);
    const running = db.step.getAll().filter((s) => s.status === 'running');
    expect(running.every((s) => runtime().logs.isLive(s.id))).toBe(true);
    expect(() => restoreDb('{"format":2}')).toThrow('not a mock server snapshot');
  });
});

describe('empty and bench scenarios', () => {
  it('empty: a member and an admin, no repositories', () => {
    load('empty');
    expect(db.repo.count()).toBe(0);
    expect(fixtureUsers().map((u) => u.kind)).toEqual(['admin', 'member']);
  });

  it('bench: huge generated logs in build 1 and a firehose streaming in build 2', () => {
    const clock = load('bench');
    const repo = repoBySlug('bench/logs');
    const [first, second] = db.build.findMany({
      where: { repo_id: { equals: repo.id } },
      orderBy: { number: 'asc' },
    });
    const steps = stepsOfStage(stagesOfBuild(first!.id)[0]!.id);
    expect(steps).toHaveLength(BENCH_LINE_COUNTS.length);
    expect(db.log.getAll().every((row) => row.data.length < 100)).toBe(true); // markers, not bytes
    const bytes = storedLogBytes(steps[0]!.id)!;
    expect(bytes).toBe(storedLogBytes(steps[0]!.id)); // deterministic
    const lines = JSON.parse(bytes) as Line[];
    expect(lines).toHaveLength(1000);
    expect(lines.map((l) => l.pos)).toEqual(lines.map((_, i) => i));
    // eslint-disable-next-line no-control-regex -- stripping ANSI escapes is the point here
    const plain = lines.map((l) => l.out.replace(/\u001b\[[0-9;]*m/g, ''));
    expect(plain.every((out) => out.length >= 70 && out.length <= 100)).toBe(true);
    const coloured = lines.filter((l) => l.out.includes('\u001b[')).length;
    expect(coloured / lines.length).toBeGreaterThan(0.12);
    expect(coloured / lines.length).toBeLessThan(0.28);
    expect((JSON.parse(storedLogBytes(steps[1]!.id)!) as Line[]).length).toBe(10_000);

    expect(second!.status).toBe('running');
    const firehose = stepsOfStage(stagesOfBuild(second!.id)[0]!.id)[0]!;
    const seen: Line[] = [];
    runtime().logs.subscribe(
      firehose.id,
      (line) => seen.push(line),
      () => {},
    );
    const before = seen.length;
    clock.advance(1000);
    expect(seen.length - before).toBe(2000);
    clock.advance(60_000);
    expect(db.step.findFirst({ where: { id: { equals: firehose.id } } })!.status).toBe('success');
    expect((JSON.parse(storedLogBytes(firehose.id)!) as Line[]).length).toBe(120_000);
  });
});
