import type { Build, Repository, Stage, Step, Status } from '../src/api/types';

// Small, complete wire objects for the build page machines' tests (CONTRACT 3.2-3.5).

export const repoRef = { namespace: 'octocat', name: 'hello-world' };

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
    created: 1700000000,
    updated: 1700000000,
    version: 1,
    on_success: true,
    on_failure: false,
    ...extra,
  };
}

export function makeBuild(number: number, status: Status, extra: Partial<Build> = {}): Build {
  return {
    id: number,
    repo_id: 1,
    trigger: '@hook',
    number,
    status,
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
    author_email: 'octocat@github.com',
    author_avatar: '',
    sender: 'octocat',
    started: 1700000000,
    finished: 0,
    created: 1700000000,
    updated: 1700000000,
    version: 1,
    stages: [makeStage(1, status, { steps: [makeStep(1, status)] })],
    ...extra,
  };
}

export function makeRepo(extra: Partial<Repository> = {}): Repository {
  return {
    id: 1,
    uid: '1',
    user_id: 1,
    namespace: repoRef.namespace,
    name: repoRef.name,
    slug: `${repoRef.namespace}/${repoRef.name}`,
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
    counter: 10,
    synced: 0,
    created: 1700000000,
    updated: 1700000000,
    version: 1,
    ...extra,
  };
}
