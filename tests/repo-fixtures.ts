import type { Build, Repository } from '../src/api/types';

// Small builders for the repository pages' unit tests: a complete wire object with only the
// fields a test cares about overridden.

export function makeBuild(overrides: Partial<Build> = {}): Build {
  const number = overrides.number ?? 1;
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
    message: `Commit ${number}`,
    before: '0000000000000000000000000000000000000000',
    after: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
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
    ...overrides,
  };
}

export function makeRepo(overrides: Partial<Repository> = {}): Repository {
  return {
    id: 1,
    uid: '1',
    user_id: 1,
    namespace: 'octocat',
    name: 'hello-world',
    slug: 'octocat/hello-world',
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
    ...overrides,
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
