// Rows and a fake runtime for the mock server's own tests, so they need no fixtures: each test
// creates exactly the users, repositories and builds it talks about.
import { ManualClock } from './clock';
import { db, newId } from './db';
import { setRuntime, type BuildRequest, type Runtime } from './runtime';
import type { BuildRow, PermRow, RepoRow, UserRow } from './serialize';

export const ORIGIN = 'http://localhost';

export function addUser(login: string, fields: Partial<UserRow> = {}): UserRow {
  return db.user.create({
    id: newId(),
    login,
    email: `${login}@example.com`,
    active: true,
    token: `token-${login}`.padEnd(32, 'x'),
    password: 'secret',
    created: 1700000000,
    synced: 1700000000,
    ...fields,
  });
}

export function addRepo(slug: string, fields: Partial<RepoRow> = {}): RepoRow {
  const [namespace = '', name = ''] = slug.split('/');
  return db.repo.create({
    id: newId(),
    uid: String(1000 + db.repo.count()),
    namespace,
    name,
    slug,
    link: `https://github.com/${slug}`,
    default_branch: 'main',
    visibility: 'private',
    private: true,
    active: true,
    config_path: '.drone.yml',
    timeout: 60,
    ...fields,
  });
}

export function grant(user: UserRow, repo: RepoRow, level: 'read' | 'write' | 'admin'): PermRow {
  return db.perm.create({
    id: newId(),
    user_id: user.id,
    repo_id: repo.id,
    read: true,
    write: level !== 'read',
    admin: level === 'admin',
  });
}

export function addBuild(repo: RepoRow, fields: Partial<BuildRow> = {}): BuildRow {
  const number = fields.number ?? repo.counter + 1;
  db.repo.update({ where: { id: { equals: repo.id } }, data: { counter: number } });
  repo.counter = number;
  return db.build.create({
    id: newId(),
    repo_id: repo.id,
    number,
    status: 'success',
    event: 'push',
    ref: `refs/heads/${repo.default_branch}`,
    target: repo.default_branch,
    source: repo.default_branch,
    params: '{}',
    ...fields,
  });
}

/** A runtime whose engine records requests and creates plain pending builds. */
export function fakeRuntime(clock = new ManualClock()) {
  const requests: BuildRequest[] = [];
  /** Each pause (true) and resume (false) the queue routes asked for. */
  const queuePauses: boolean[] = [];
  const runtime: Runtime = {
    clock,
    engine: {
      createBuild(request) {
        requests.push(request);
        const repo = db.repo.findFirst({ where: { id: { equals: request.repoId } } })!;
        return addBuild(repo, {
          status: 'pending',
          event: request.event,
          trigger: request.trigger,
          parent: request.parent ?? 0,
          deploy_to: request.deployTo ?? '',
          debug: request.debug ?? false,
          params: JSON.stringify(request.params),
        });
      },
      approve: (build: BuildRow, stage: number) => {
        db.stage.update({
          where: { build_id: { equals: build.id }, number: { equals: stage } },
          data: { status: 'pending' },
        });
      },
      decline: (build: BuildRow, stage: number) => {
        db.stage.update({
          where: { build_id: { equals: build.id }, number: { equals: stage } },
          data: { status: 'declined' },
        });
      },
      cancel: (build: BuildRow) =>
        db.build.update({ where: { id: { equals: build.id } }, data: { status: 'killed' } })!,
      setQueuePaused: (paused: boolean) => void queuePauses.push(paused),
      resume: () => undefined,
      dispose: () => undefined,
    },
    bus: { publish: () => undefined, subscribe: () => () => undefined, subscribers: () => 0 },
    logs: {
      isLive: () => false,
      open: () => undefined,
      append: () => undefined,
      close: () => [],
      subscribe: (_id, _onLine, onEnd) => {
        onEnd();
        return () => undefined;
      },
      subscriberCounts: () => new Map(),
    },
  };
  setRuntime(runtime);
  return { clock, requests, queuePauses, runtime };
}

/** fetch against the mock with an optional user's token as a Bearer header. */
export function call(path: string, init: RequestInit & { as?: UserRow } = {}): Promise<Response> {
  const { as, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (as) headers.set('Authorization', `Bearer ${as.token}`);
  return fetch(`${ORIGIN}${path}`, { ...rest, headers });
}
