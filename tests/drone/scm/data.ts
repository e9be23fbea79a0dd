// What the stand-in SCM holds: users with passwords, repositories with per-user permissions,
// branches of commits (each commit carries the files it serves), and the webhooks Drone made.
import { createHash } from 'node:crypto';
import { API_PIPELINE, PROTECTED_PIPELINE, SLOW_PIPELINE, WEB_PIPELINE } from './pipelines';

export type Access = 'admin' | 'push' | 'pull';

export interface ScmUser {
  id: number;
  login: string;
  password: string;
  email: string;
  fullName: string;
  /** Access tokens by name, as Gogs keeps them (Drone asks for one named "drone"). */
  tokens: Map<string, string>;
}

export interface ScmCommit {
  sha: string;
  message: string;
  author: string;
  timestamp: string;
  files: Record<string, string>;
}

export interface ScmHook {
  id: number;
  url: string;
  secret: string;
  events: string[];
}

export interface ScmRepo {
  id: number;
  owner: string;
  name: string;
  private: boolean;
  defaultBranch: string;
  access: Record<string, Access>;
  /** Each branch's commits, newest last. */
  branches: Map<string, ScmCommit[]>;
  hooks: ScmHook[];
}

export interface ScmData {
  users: ScmUser[];
  repos: ScmRepo[];
  /** Organisations: owners of repositories that are not users. */
  orgs: string[];
  nextId: number;
}

let clock = Date.parse('2026-01-05T09:00:00Z');

export function newCommit(message: string, author: string, files: Record<string, string>) {
  clock += 60_000;
  const sha = createHash('sha1').update(`${message}\n${clock}`).digest('hex');
  return { sha, message, author, timestamp: new Date(clock).toISOString(), files };
}

function repo(
  data: ScmData,
  slug: string,
  pipeline: string,
  access: Record<string, Access>,
  isPrivate: boolean,
): ScmRepo {
  const [owner = '', name = ''] = slug.split('/');
  const first = newCommit(`Add ${name}'s pipeline`, 'admin', { '.drone.yml': pipeline });
  const entry: ScmRepo = {
    id: data.nextId++,
    owner,
    name,
    private: isPrivate,
    defaultBranch: 'main',
    access,
    branches: new Map([['main', [first]]]),
    hooks: [],
  };
  data.repos.push(entry);
  return entry;
}

/**
 * Two users (the Drone admin and a member, password = login, as the mock's demo), two
 * organisations, and repositories for each kind of pipeline the console tests follow.
 */
export function seedData(): ScmData {
  const user = (id: number, login: string, fullName: string): ScmUser => ({
    id,
    login,
    password: login,
    email: `${login}@example.com`,
    fullName,
    tokens: new Map(),
  });
  const data: ScmData = {
    users: [user(1, 'admin', 'Ada Admin'), user(2, 'member', 'Max Member')],
    repos: [],
    orgs: ['acme', 'octocat'],
    nextId: 100,
  };
  repo(data, 'acme/api', API_PIPELINE, { admin: 'admin', member: 'push' }, false);
  repo(data, 'acme/web', WEB_PIPELINE, { admin: 'admin', member: 'pull' }, true);
  repo(data, 'acme/slow', SLOW_PIPELINE, { admin: 'admin', member: 'push' }, false);
  // The dashboard's live test alone pushes here: its card shows the repository's latest build,
  // which another test's push to acme/slow would replace.
  repo(data, 'acme/live', SLOW_PIPELINE, { admin: 'admin' }, false);
  repo(data, 'acme/protected', PROTECTED_PIPELINE, { admin: 'admin' }, true);
  // Protected too, and the member may read it: what a reader sees of a blocked build.
  repo(data, 'acme/gated', PROTECTED_PIPELINE, { admin: 'admin', member: 'pull' }, true);
  repo(data, 'octocat/hello-world', API_PIPELINE, { admin: 'admin', member: 'pull' }, false);
  return data;
}

/** A user's access to a repository: their own grant, else read access to a public one. */
export function accessOf(repo: ScmRepo, login: string): Access | undefined {
  return repo.access[login] ?? (repo.private ? undefined : 'pull');
}

/** A commit by sha, or a branch's head by name or `refs/heads/` ref. */
export function findCommit(repo: ScmRepo, ref: string): ScmCommit | undefined {
  const branch = repo.branches.get(ref.replace(/^refs\/heads\//, ''));
  if (branch) return branch.at(-1);
  for (const commits of repo.branches.values()) {
    const found = commits.find((commit) => commit.sha === ref);
    if (found) return found;
  }
  return undefined;
}
