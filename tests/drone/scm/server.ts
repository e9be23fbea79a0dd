// A stand-in for Gogs: it answers exactly the calls Drone makes of a Gogs server (go-login's
// sign-in form: find or create a token named "drone" with basic auth; go-scm's gogs driver: the
// user, their repositories and organisations, a repository, branches, commits, raw file
// contents, webhooks), and sends Drone signed push webhooks when a test pushes (POST
// /_control/push {repo, branch?, message?, author?, files?}). Nothing in the console talks to it; only Drone does. It is not Gogs: no git
// protocol, no pages, no pagination; what Drone does not ask for is not here.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  accessOf,
  findCommit,
  newCommit,
  seedData,
  type ScmCommit,
  type ScmData,
  type ScmRepo,
  type ScmUser,
} from './data';

export interface StandInScm {
  url: string;
  data: ScmData;
  /** Pushes a commit to a branch and delivers the push webhook; the new commit's sha. */
  push(slug: string, options?: PushOptions): Promise<string>;
  /** Set once Drone is seeded: GET /_control/ready answers 200 from then on (503 before). */
  ready: boolean;
  close(): Promise<void>;
}

export interface PushOptions {
  branch?: string;
  message?: string;
  author?: string;
  /** Files the commit adds or replaces (e.g. a broken `.drone.yml`); the rest are kept. */
  files?: Record<string, string>;
}

type Reply = { status: number; body?: unknown; raw?: string };
const json = (body: unknown, status = 200): Reply => ({ status, body });
const notFound = (): Reply => json({ message: 'Not Found' }, 404);

export async function startScm(port = 0): Promise<StandInScm> {
  const data = seedData();
  let base = '';

  const userJson = (login: string) => {
    const user = data.users.find((entry) => entry.login === login);
    const id = user?.id ?? 1000 + data.orgs.indexOf(login);
    return {
      id,
      login,
      username: login,
      full_name: user?.fullName ?? login,
      email: user?.email ?? '',
      // No avatar: the console shows the coloured initial (an http: image breaks its CSP).
      avatar_url: '',
    };
  };

  const repoJson = (repo: ScmRepo, viewer: string) => {
    const access = accessOf(repo, viewer);
    return {
      id: repo.id,
      owner: userJson(repo.owner),
      name: repo.name,
      full_name: `${repo.owner}/${repo.name}`,
      private: repo.private,
      fork: false,
      html_url: `${base}/${repo.owner}/${repo.name}`,
      ssh_url: `git@127.0.0.1:${repo.owner}/${repo.name}.git`,
      clone_url: `${base}/${repo.owner}/${repo.name}.git`,
      default_branch: repo.defaultBranch,
      created_at: '2026-01-05T09:00:00Z',
      updated_at: '2026-01-05T09:00:00Z',
      permissions: {
        admin: access === 'admin',
        push: access === 'admin' || access === 'push',
        pull: access !== undefined,
      },
    };
  };

  const commitJson = (repo: ScmRepo, commit: ScmCommit) => {
    const author = userJson(commit.author);
    const signature = { name: author.full_name, email: author.email, username: author.login };
    return {
      id: commit.sha,
      message: commit.message,
      url: `${base}/${repo.owner}/${repo.name}/commit/${commit.sha}`,
      author: signature,
      committer: signature,
      timestamp: commit.timestamp,
    };
  };

  const hookJson = (hook: ScmRepo['hooks'][number]) => ({
    id: hook.id,
    type: 'gogs',
    events: hook.events,
    active: true,
    config: { url: hook.url, content_type: 'json', secret: hook.secret },
  });

  function basicUser(request: IncomingMessage): ScmUser | undefined {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return undefined;
    const [login, password] = Buffer.from(header.slice(6), 'base64').toString().split(':');
    const user = data.users.find((entry) => entry.login === login);
    return user && user.password === password ? user : undefined;
  }

  function tokenUser(request: IncomingMessage): ScmUser | undefined {
    const token = (request.headers.authorization ?? '').replace(/^token /, '');
    return data.users.find((user) => [...user.tokens.values()].includes(token));
  }

  function tokens(request: IncomingMessage, login: string, body: unknown): Reply {
    const user = basicUser(request);
    if (!user || user.login !== login) return json({ message: 'Unauthorized' }, 401);
    if (request.method === 'GET') {
      return json([...user.tokens].map(([name, sha1]) => ({ name, sha1 })));
    }
    const name = String((body as { name?: unknown } | undefined)?.name ?? 'token');
    const sha1 = randomBytes(20).toString('hex');
    user.tokens.set(name, sha1);
    return json({ name, sha1 }, 201);
  }

  function repoRoutes(request: IncomingMessage, user: ScmUser, rest: string[], body: unknown) {
    const [owner, name, resource, ...tail] = rest;
    const repo = data.repos.find((entry) => entry.owner === owner && entry.name === name);
    if (!repo || !accessOf(repo, user.login)) return notFound();
    const method = request.method ?? 'GET';
    if (resource === undefined) return json(repoJson(repo, user.login));
    if (resource === 'branches') {
      const branches = [...repo.branches].map(([branch, commits]) => ({
        name: branch,
        commit: commitJson(repo, commits.at(-1)!),
      }));
      if (tail.length === 0) return json(branches);
      const found = branches.find((branch) => branch.name === tail.join('/'));
      return found ? json(found) : notFound();
    }
    if (resource === 'commits') {
      const commit = findCommit(repo, tail.join('/'));
      if (!commit) return notFound();
      const committer = userJson(commit.author);
      return json({ sha: commit.sha, commit: commitJson(repo, commit), committer });
    }
    if (resource === 'raw') {
      const [ref = '', ...path] = tail;
      const file = findCommit(repo, ref)?.files[path.join('/')];
      return file === undefined ? notFound() : { status: 200, raw: file };
    }
    if (resource === 'hooks') return hooks(repo, method, tail[0], body);
    return notFound();
  }

  function hooks(repo: ScmRepo, method: string, id: string | undefined, body: unknown): Reply {
    const input = body as { events?: string[]; config?: { url?: string; secret?: string } };
    if (id === undefined) {
      if (method === 'GET') return json(repo.hooks.map(hookJson));
      const hook = {
        id: data.nextId++,
        url: input.config?.url ?? '',
        secret: input.config?.secret ?? '',
        events: input.events ?? [],
      };
      repo.hooks.push(hook);
      return json(hookJson(hook), 201);
    }
    const index = repo.hooks.findIndex((hook) => String(hook.id) === id);
    if (index < 0) return notFound();
    if (method === 'DELETE') {
      repo.hooks.splice(index, 1);
      return { status: 204 };
    }
    const hook = repo.hooks[index]!;
    if (method === 'PATCH') {
      hook.url = input.config?.url ?? hook.url;
      hook.secret = input.config?.secret ?? hook.secret;
      hook.events = input.events ?? hook.events;
    }
    return json(hookJson(hook));
  }

  function route(request: IncomingMessage, path: string, body: unknown): Reply {
    if (path === '/healthz') return { status: 200, raw: 'OK' };
    if (path === '/_control/ready') return { status: scm.ready ? 200 : 503, raw: '' };
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== 'api' || parts[1] !== 'v1') return notFound();
    const [, , first, second, third] = parts;
    if (first === 'users' && third === 'tokens' && second) return tokens(request, second, body);
    const user = tokenUser(request);
    if (!user) return json({ message: 'Unauthorized' }, 401);
    if (first === 'user' && second === undefined) return json(userJson(user.login));
    if (first === 'user' && second === 'repos') {
      const visible = data.repos.filter((repo) => accessOf(repo, user.login));
      return json(visible.map((repo) => repoJson(repo, user.login)));
    }
    if (first === 'user' && second === 'orgs') {
      return json(data.orgs.map((org) => ({ id: 0, username: org, avatar_url: '' })));
    }
    if (first === 'users' && second) return json(userJson(second));
    if (first === 'orgs' && second && data.orgs.includes(second)) {
      return json({ id: 0, username: second, avatar_url: '' });
    }
    if (first === 'repos') return repoRoutes(request, user, parts.slice(3), body);
    return notFound();
  }

  async function push(slug: string, options: PushOptions = {}): Promise<string> {
    const repo = data.repos.find((entry) => `${entry.owner}/${entry.name}` === slug);
    if (!repo) throw new Error(`stand-in SCM: no repository ${slug}`);
    const branchName = options.branch ?? repo.defaultBranch;
    const branch = repo.branches.get(branchName) ?? [...repo.branches.get(repo.defaultBranch)!];
    repo.branches.set(branchName, branch);
    const before = branch.at(-1)!;
    const author = options.author ?? 'admin';
    const files = { ...before.files, ...options.files };
    const commit = newCommit(options.message ?? `Update ${repo.name}`, author, files);
    branch.push(commit);
    const payload = JSON.stringify({
      ref: `refs/heads/${branchName}`,
      before: before.sha,
      after: commit.sha,
      compare_url: `${base}/${slug}/compare/${before.sha}...${commit.sha}`,
      commits: [commitJson(repo, commit)],
      repository: repoJson(repo, author),
      pusher: userJson(author),
      sender: userJson(author),
    });
    for (const hook of repo.hooks) {
      const signature = createHmac('sha256', hook.secret).update(payload).digest('hex');
      const response = await fetch(hook.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Gogs-Event': 'push',
          'X-Gogs-Signature': signature,
        },
        body: payload,
      });
      if (!response.ok) {
        throw new Error(`push webhook to ${hook.url}: ${response.status} ${await response.text()}`);
      }
    }
    return commit.sha;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    let reply: Reply;
    try {
      const body: unknown = text ? JSON.parse(text) : undefined;
      const path = new URL(request.url ?? '/', base).pathname;
      if (path === '/_control/push' && request.method === 'POST') {
        const { repo, ...options } = body as PushOptions & { repo: string };
        reply = json({ sha: await push(repo, options) });
      } else {
        reply = route(request, path, body);
      }
    } catch (error) {
      reply = json({ message: String(error) }, 500);
    }
    const type = reply.raw === undefined ? 'application/json' : 'text/plain; charset=utf-8';
    response.writeHead(reply.status, { 'Content-Type': type });
    response.end(reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body)));
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const scm: StandInScm = {
    url: base,
    data,
    push,
    ready: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return scm;
}
