import type { Build, Line, Repository, Stage, Status, Step, User } from '../src/api/types';

/**
 * The one set of test builders: complete wire objects (docs/drone-api.md 3) with only the fields a test
 * cares about overridden. Every default is a plausible server value, so a test states what it
 * depends on instead of leaning on a builder's quirk.
 */

export const repoRef = { namespace: 'octocat', name: 'hello-world' };

export function makeUser(fields: Partial<User> = {}): User {
  return {
    id: 1,
    login: 'octocat',
    email: 'octocat@example.com',
    machine: false,
    admin: false,
    active: true,
    avatar: '',
    syncing: false,
    synced: 0,
    created: 1_700_000_000,
    updated: 1_700_000_000,
    last_login: 1_700_000_000,
    ...fields,
  };
}

// The same slug always gets the same id (a repository keeps its id), and different slugs get
// different ids, so lists built from slugs never match each other by id by accident.
const repoIds = new Map<string, number>([[`${repoRef.namespace}/${repoRef.name}`, 1]]);
function repoIdOf(slug: string) {
  if (!repoIds.has(slug)) repoIds.set(slug, repoIds.size + 1);
  return repoIds.get(slug)!;
}

/** A repository; `slug` or `namespace`/`name` name it (the other is derived). */
export function makeRepo(fields: Partial<Repository> = {}): Repository {
  const [slugNamespace, slugName] = fields.slug?.split('/') ?? [];
  const namespace = fields.namespace ?? slugNamespace ?? repoRef.namespace;
  const name = fields.name ?? slugName ?? repoRef.name;
  const slug = fields.slug ?? `${namespace}/${name}`;
  const id = fields.id ?? repoIdOf(slug);
  return {
    id,
    uid: String(id),
    user_id: 1,
    namespace,
    name,
    slug,
    scm: '',
    git_http_url: '',
    git_ssh_url: '',
    link: '',
    default_branch: 'main',
    private: false,
    visibility: 'public',
    active: true,
    config_path: '.drone.yml',
    trusted: false,
    protected: false,
    ignore_forks: false,
    ignore_pull_requests: false,
    auto_cancel_pull_requests: false,
    auto_cancel_pushes: false,
    timeout: 60,
    counter: 1,
    synced: 0,
    created: 1_700_000_000,
    updated: 1_700_000_000,
    version: 1,
    ...fields,
  };
}

/** A build without stages (as lists return it); its id is its number unless given. */
export function makeBuild(fields: Partial<Build> = {}): Build {
  const number = fields.number ?? 1;
  return {
    id: number,
    repo_id: 1,
    trigger: '@hook',
    number,
    status: 'success',
    event: 'push',
    action: '',
    link: '',
    timestamp: 0,
    message: 'Update README',
    before: '0000000000000000000000000000000000000000',
    after: '7fd1a60b01f91b314f59955a4e4d4e80d8edf11d',
    ref: 'refs/heads/main',
    source_repo: '',
    source: 'main',
    target: 'main',
    author_login: 'octocat',
    author_name: 'The Octocat',
    author_email: 'octocat@example.com',
    author_avatar: '',
    sender: 'octocat',
    started: 1_700_000_000,
    finished: 1_700_000_120,
    created: 1_700_000_000,
    updated: 1_700_000_120,
    version: 1,
    ...fields,
  };
}

/** Builds numbered `count` down to 1 (newest first, as the server lists them). */
export function makeBuilds(
  count: number,
  overrides: (number: number) => Partial<Build> = () => ({}),
) {
  return Array.from({ length: count }, (_, index) => {
    const number = count - index;
    return makeBuild({ number, ...overrides(number) });
  });
}

export function makeStep(number: number, status: Status, extra: Partial<Step> = {}): Step {
  return {
    id: 100 + number,
    step_id: 10,
    number,
    name: `step-${number}`,
    status,
    exit_code: 0,
    version: 1,
    ...extra,
  };
}

export function makeStage(number: number, status: Status, extra: Partial<Stage> = {}): Stage {
  return {
    id: 10 + number,
    repo_id: 1,
    build_id: 1,
    number,
    name: `stage-${number}`,
    status,
    errignore: false,
    exit_code: 0,
    os: 'linux',
    arch: 'amd64',
    started: 0,
    stopped: 0,
    created: 1_700_000_000,
    updated: 1_700_000_000,
    version: 1,
    on_success: true,
    on_failure: false,
    ...extra,
  };
}

/** A build as the build page fetches it: one stage with one step, all in `status`. */
export function makeStagedBuild(number: number, status: Status, extra: Partial<Build> = {}) {
  return makeBuild({
    number,
    status,
    stages: [makeStage(1, status, { steps: [makeStep(1, status)] })],
    ...extra,
  });
}

/** A log line at `pos` (docs/drone-api.md 3), its time the same number: `line <pos>`. */
export function makeLine(pos: number): Line {
  return { pos, out: `line ${pos}\n`, time: pos };
}

/** The log lines at positions `from` up to, not including, `to`. */
export function makeLines(from: number, to: number): Line[] {
  return Array.from({ length: to - from }, (_, index) => makeLine(from + index));
}
