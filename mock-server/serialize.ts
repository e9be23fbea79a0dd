// Entities to wire JSON, key order and omitempty rules of docs/drone-api.md 3.
import type {
  Build,
  Cron,
  Perm,
  Repository,
  Secret,
  Stage,
  Status,
  Step,
  Template,
  User,
  Visibility,
} from '../src/api/types';
import { db } from './db';

type Entity<K extends keyof typeof db> = ReturnType<(typeof db)[K]['create']>;
export type UserRow = Entity<'user'>;
export type RepoRow = Entity<'repo'>;
export type BuildRow = Entity<'build'>;
export type StageRow = Entity<'stage'>;
export type StepRow = Entity<'step'>;
export type CronRow = Entity<'cron'>;
export type SecretRow = Entity<'secret'>;
export type TemplateRow = Entity<'template'>;
export type PermRow = Entity<'perm'>;

/** Drops omitempty keys whose value is zero ('' / 0 / false / empty array or object). */
function omitEmpty<T extends object>(value: T, keys: readonly (keyof T)[]): T {
  const out = { ...value };
  for (const key of keys) {
    const v = out[key] as unknown;
    const empty =
      v === undefined ||
      v === null ||
      v === '' ||
      v === 0 ||
      v === false ||
      (Array.isArray(v) && v.length === 0) ||
      (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
    if (empty) delete out[key];
  }
  return out;
}

export function serializeUser(row: UserRow): User {
  return {
    id: row.id,
    login: row.login,
    email: row.email,
    machine: row.machine,
    admin: row.admin,
    active: row.active,
    avatar: row.avatar,
    syncing: row.syncing,
    synced: row.synced,
    created: row.created,
    updated: row.updated,
    last_login: row.last_login,
  };
}

export function serializeRepo(
  row: RepoRow,
  extra: { build?: Build; permissions?: Perm } = {},
): Repository {
  const repo: Repository = {
    id: row.id,
    uid: row.uid,
    user_id: row.user_id,
    namespace: row.namespace,
    name: row.name,
    slug: row.slug,
    scm: row.scm,
    git_http_url: row.git_http_url,
    git_ssh_url: row.git_ssh_url,
    link: row.link,
    default_branch: row.default_branch,
    private: row.private,
    visibility: row.visibility as Visibility,
    active: row.active,
    config_path: row.config_path,
    trusted: row.trusted,
    protected: row.protected,
    ignore_forks: row.ignore_forks,
    ignore_pull_requests: row.ignore_pull_requests,
    auto_cancel_pull_requests: row.auto_cancel_pull_requests,
    auto_cancel_pushes: row.auto_cancel_pushes,
    auto_cancel_running: row.auto_cancel_running,
    timeout: row.timeout,
    throttle: row.throttle,
    counter: row.counter,
    synced: row.synced,
    created: row.created,
    updated: row.updated,
    version: row.version,
  };
  const out = omitEmpty(repo, ['throttle']);
  if (extra.build) out.build = extra.build;
  if (extra.permissions) out.permissions = extra.permissions;
  out.archived = false;
  return out;
}

export function serializePerm(row: PermRow): Perm {
  return { read: row.read, write: row.write, admin: row.admin };
}

export function parseParams(params: string): Record<string, string> {
  if (!params) return {};
  try {
    return JSON.parse(params) as Record<string, string>;
  } catch {
    return {};
  }
}

export function serializeStep(row: StepRow): Step {
  const step: Step = {
    id: row.id,
    step_id: row.step_id,
    number: row.number,
    name: row.name,
    status: row.status as Status,
    error: row.error,
    errignore: row.errignore,
    exit_code: row.exit_code,
    started: row.started,
    stopped: row.stopped,
    version: row.version,
    depends_on: [...row.depends_on],
    image: row.image,
    detached: row.detached,
    schema: row.schema,
  };
  return omitEmpty(step, [
    'error',
    'errignore',
    'started',
    'stopped',
    'depends_on',
    'image',
    'detached',
    'schema',
  ]);
}

/** A stage's labels, or null when it has none (stored as JSON text in the mock's table). */
export function labelsOf(stage: Pick<StageRow, 'labels'>): Record<string, string> | null {
  if (!stage.labels) return null;
  const labels = JSON.parse(stage.labels) as Record<string, string>;
  return Object.keys(labels).length > 0 ? labels : null;
}

export function serializeStage(row: StageRow, steps?: StepRow[]): Stage {
  const stage: Stage = {
    id: row.id,
    repo_id: row.repo_id,
    build_id: row.build_id,
    number: row.number,
    name: row.name,
    kind: row.kind,
    type: row.type,
    status: row.status as Status,
    error: row.error,
    errignore: row.errignore,
    exit_code: row.exit_code,
    machine: row.machine,
    os: row.os,
    arch: row.arch,
    variant: row.variant,
    kernel: row.kernel,
    limit: row.limit,
    throttle: row.throttle,
    started: row.started,
    stopped: row.stopped,
    created: row.created,
    updated: row.updated,
    version: row.version,
    on_success: row.on_success,
    on_failure: row.on_failure,
    depends_on: [...row.depends_on],
  };
  const out = omitEmpty(stage, [
    'kind',
    'type',
    'error',
    'machine',
    'variant',
    'kernel',
    'limit',
    'throttle',
    'depends_on',
  ]);
  const labels = labelsOf(row);
  // Go writes a map's keys sorted.
  if (labels)
    out.labels = Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));
  if (steps && steps.length > 0) out.steps = steps.map(serializeStep);
  return out;
}

/** Stages (ordered by id) with their steps (ordered by id), as BuildWithStages carries them. */
export function stagesOf(buildId: number): Stage[] {
  const stages = db.stage
    .findMany({ where: { build_id: { equals: buildId } } })
    .sort((a, b) => a.id - b.id);
  return stages.map((stage) =>
    serializeStage(
      stage,
      db.step.findMany({ where: { step_id: { equals: stage.id } } }).sort((a, b) => a.id - b.id),
    ),
  );
}

export function serializeBuild(row: BuildRow, withStages = false): Build {
  const build: Build = {
    id: row.id,
    repo_id: row.repo_id,
    trigger: row.trigger,
    number: row.number,
    parent: row.parent,
    status: row.status as Status,
    error: row.error,
    event: row.event,
    action: row.action,
    link: row.link,
    timestamp: row.timestamp,
    title: row.title,
    message: row.message,
    before: row.before,
    after: row.after,
    ref: row.ref,
    source_repo: row.source_repo,
    source: row.source,
    target: row.target,
    author_login: row.author_login,
    author_name: row.author_name,
    author_email: row.author_email,
    author_avatar: row.author_avatar,
    sender: row.sender,
    params: parseParams(row.params),
    cron: row.cron,
    deploy_to: row.deploy_to,
    deploy_id: row.deploy_id,
    debug: row.debug,
    started: row.started,
    finished: row.finished,
    created: row.created,
    updated: row.updated,
    version: row.version,
  };
  const out = omitEmpty(build, [
    'parent',
    'error',
    'title',
    'params',
    'cron',
    'deploy_to',
    'deploy_id',
    'debug',
  ]);
  if (withStages) {
    const stages = stagesOf(row.id);
    if (stages.length > 0) out.stages = stages;
  }
  return out;
}

export function serializeCron(row: CronRow): Cron {
  return omitEmpty(
    {
      id: row.id,
      repo_id: row.repo_id,
      name: row.name,
      expr: row.expr,
      next: row.next,
      prev: row.prev,
      event: row.event,
      branch: row.branch,
      target: row.target,
      disabled: row.disabled,
      created: row.created,
      updated: row.updated,
      version: row.version,
    },
    ['target'],
  );
}

/** Responses never carry a secret's data (docs/drone-api.md 3.7). */
export function serializeSecret(row: SecretRow): Secret {
  const base: Secret = row.repo_id
    ? { id: row.id, repo_id: row.repo_id, name: row.name }
    : { id: row.id, namespace: row.namespace, name: row.name };
  return omitEmpty(
    {
      ...base,
      type: row.type,
      pull_request: row.pull_request,
      pull_request_push: row.pull_request_push,
    },
    ['type', 'pull_request', 'pull_request_push'],
  );
}

export function serializeTemplate(row: TemplateRow): Template {
  return omitEmpty(
    {
      id: row.id,
      name: row.name,
      namespace: row.namespace,
      data: row.data,
      created: row.created,
      updated: row.updated,
    },
    ['id', 'name', 'namespace', 'data', 'created', 'updated'],
  );
}
