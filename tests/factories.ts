import type { Build, Repository } from '../src/api/types';

// Small fixtures for machine tests: a repository and its build with only the fields that matter.
let nextId = 1;

export function makeBuild(fields: Partial<Build> = {}): Build {
  const id = fields.id ?? nextId++;
  return {
    id,
    repo_id: 1,
    trigger: '@hook',
    number: 1,
    status: 'success',
    event: 'push',
    action: '',
    link: '',
    timestamp: 0,
    message: 'Update README',
    before: '',
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
    started: 0,
    finished: 0,
    created: 0,
    updated: 0,
    version: 1,
    ...fields,
  };
}

export function makeRepo(slug: string, fields: Partial<Repository> = {}): Repository {
  const [namespace = '', name = ''] = slug.split('/');
  return {
    id: fields.id ?? nextId++,
    uid: slug,
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
    counter: 0,
    synced: 0,
    created: 0,
    updated: 0,
    version: 1,
    ...fields,
  };
}
