// Issue 17 item 2: every name the console puts in a URL path stays in its own segment, written
// the way Drone's router (Go + chi) reads back as that very name; a name no request can address
// (`.`, `..`, one holding `/`) is refused with a clear error before anything is sent.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chiRoutePath } from '../../mock-server/chipath';
import * as builds from '../../src/api/builds';
import { ApiError } from '../../src/api/client';
import * as cron from '../../src/api/cron';
import * as logs from '../../src/api/logs';
import * as repos from '../../src/api/repos';
import * as secrets from '../../src/api/secrets';
import * as templates from '../../src/api/templates';
import * as users from '../../src/api/users';
import { encodeSegment } from '../../src/api/urls';
import { buildHref, repoHref } from '../../src/views/buildPage/paths';
import { setupMockServer } from '../mockServer';

const server = setupMockServer();

/** Each call with `n` in every name it takes, and the path it must reach (`{n}`: the name). */
const CALLS: Array<[string, (n: string) => Promise<unknown>, string]> = [
  ['fetchRepo', (n) => repos.fetchRepo({ namespace: n, name: n }), '/api/repos/{n}/{n}'],
  ['activateRepo', (n) => repos.activateRepo({ namespace: n, name: n }), '/api/repos/{n}/{n}'],
  ['updateRepo', (n) => repos.updateRepo({ namespace: n, name: n }, {}), '/api/repos/{n}/{n}'],
  ['disableRepo', (n) => repos.disableRepo({ namespace: n, name: n }), '/api/repos/{n}/{n}'],
  [
    'fetchBuilds',
    (n) => builds.fetchBuilds({ namespace: n, name: n }),
    '/api/repos/{n}/{n}/builds',
  ],
  [
    'fetchBuild',
    (n) => builds.fetchBuild({ namespace: n, name: n }, 7),
    '/api/repos/{n}/{n}/builds/7',
  ],
  [
    'createBuild',
    (n) => builds.createBuild({ namespace: n, name: n }, { branch: n, commit: '', params: [] }),
    '/api/repos/{n}/{n}/builds',
  ],
  [
    'restartBuild',
    (n) => builds.restartBuild({ namespace: n, name: n }, 7),
    '/api/repos/{n}/{n}/builds/7',
  ],
  [
    'cancelBuild',
    (n) => builds.cancelBuild({ namespace: n, name: n }, 7),
    '/api/repos/{n}/{n}/builds/7',
  ],
  [
    'deployBuild',
    (n) =>
      builds.deployBuild({ namespace: n, name: n }, 7, {
        action: 'promote',
        target: n,
        params: [],
      }),
    '/api/repos/{n}/{n}/builds/7/promote',
  ],
  [
    'approveStage',
    (n) => builds.approveStage({ namespace: n, name: n }, 7, 2),
    '/api/repos/{n}/{n}/builds/7/approve/2',
  ],
  [
    'declineStage',
    (n) => builds.declineStage({ namespace: n, name: n }, 7, 2),
    '/api/repos/{n}/{n}/builds/7/decline/2',
  ],
  [
    'fetchBranches',
    (n) => builds.fetchBranches({ namespace: n, name: n }),
    '/api/repos/{n}/{n}/builds/branches',
  ],
  [
    'fetchDeployments',
    (n) => builds.fetchDeployments({ namespace: n, name: n }),
    '/api/repos/{n}/{n}/builds/deployments',
  ],
  [
    'fetchCardData',
    (n) => builds.fetchCardData({ namespace: n, name: n }, 7, 2, 3),
    '/api/repos/{n}/{n}/cards/7/2/3',
  ],
  ['fetchCrons', (n) => cron.fetchCrons({ namespace: n, name: n }), '/api/repos/{n}/{n}/cron'],
  [
    'createCron',
    (n) => cron.createCron({ namespace: n, name: n }, { name: n, expr: '@daily', branch: 'main' }),
    '/api/repos/{n}/{n}/cron',
  ],
  [
    'updateCron',
    (n) => cron.updateCron({ namespace: n, name: n }, n, { branch: 'main' }),
    '/api/repos/{n}/{n}/cron/{n}',
  ],
  [
    'deleteCron',
    (n) => cron.deleteCron({ namespace: n, name: n }, n),
    '/api/repos/{n}/{n}/cron/{n}',
  ],
  [
    'fetchLogs',
    (n) => logs.fetchLogs({ namespace: n, name: n, build: 7, stage: 2, step: 3 }),
    '/api/repos/{n}/{n}/builds/7/logs/2/3',
  ],
  [
    'fetchRepoSecrets',
    (n) => secrets.fetchRepoSecrets({ namespace: n, name: n }),
    '/api/repos/{n}/{n}/secrets',
  ],
  [
    'createRepoSecret',
    (n) => secrets.createRepoSecret({ namespace: n, name: n }, { name: n, data: 'x' }),
    '/api/repos/{n}/{n}/secrets',
  ],
  [
    'updateRepoSecret',
    (n) => secrets.updateRepoSecret({ namespace: n, name: n }, n, { data: 'x' }),
    '/api/repos/{n}/{n}/secrets/{n}',
  ],
  [
    'deleteRepoSecret',
    (n) => secrets.deleteRepoSecret({ namespace: n, name: n }, n),
    '/api/repos/{n}/{n}/secrets/{n}',
  ],
  ['fetchOrgSecrets', (n) => secrets.fetchOrgSecrets(n), '/api/secrets/{n}'],
  [
    'createOrgSecret',
    (n) => secrets.createOrgSecret(n, { name: n, data: 'x' }),
    '/api/secrets/{n}',
  ],
  [
    'updateOrgSecret',
    (n) => secrets.updateOrgSecret(n, n, { pull_request: true }),
    '/api/secrets/{n}/{n}',
  ],
  ['deleteOrgSecret', (n) => secrets.deleteOrgSecret(n, n), '/api/secrets/{n}/{n}'],
  ['fetchTemplates', (n) => templates.fetchTemplates(n), '/api/templates/{n}'],
  [
    'createTemplate',
    (n) => templates.createTemplate(n, { name: n, data: 'x' }),
    '/api/templates/{n}',
  ],
  ['updateTemplate', (n) => templates.updateTemplate(n, n, 'x'), '/api/templates/{n}/{n}'],
  ['deleteTemplate', (n) => templates.deleteTemplate(n, n), '/api/templates/{n}/{n}'],
  ['updateUser', (n) => users.updateUser(n, {}), '/api/users/{n}'],
  ['deleteUser', (n) => users.deleteUser(n), '/api/users/{n}'],
];

/** Names that reach the server as themselves; ones Go writes as they are, and ones it escapes. */
const ADDRESSABLE = ['%2F', '?x', '#y', '%', '...', 'a+b@c', "it's (1)*!", 'ü', '%2E'];
/** Names no URL can carry to Drone: URL parsers resolve dot segments, Drone reads `%2F` raw. */
const UNADDRESSABLE = ['.', '..', 'a/b', '/'];

let sent: string[] = [];

beforeEach(() => {
  sent = [];
  server.use(
    http.all('*', ({ request }) => {
      sent.push(new URL(request.url).pathname);
      return HttpResponse.json([]);
    }),
  );
});

afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

describe.each(CALLS)('%s', (_, call, template) => {
  it.each(ADDRESSABLE)('keeps %j in its own segments, as Drone reads them', async (name) => {
    await call(name);
    expect(sent).toHaveLength(1);
    const path = sent[0]!;
    const expected = template.split('/').map((part) => (part === '{n}' ? name : part));
    expect(path.split('/').map((segment) => decodeURIComponent(segment))).toEqual(expected);
    // What Drone's router reads: the names themselves, not their escaped form.
    expect(chiRoutePath(path)).toBe(expected.join('/'));
  });

  it.each(UNADDRESSABLE)('refuses %j before sending anything', async (name) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = await call(name).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toContain(`The name “${name}” cannot be sent`);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('cannot be sent'));
    expect(sent).toEqual([]);
  });
});

describe('encodeSegment', () => {
  it('writes names exactly as Go escapes a path, so Drone decodes them', () => {
    for (const name of [...ADDRESSABLE, 'a b', '$&+,:;=@', '~-_.', '\u202e', '😀']) {
      const path = `/api/users/${encodeSegment(name)}`;
      expect(chiRoutePath(path)).toBe(`/api/users/${name}`);
      expect(new URL(path, 'http://drone.example').pathname).toBe(path);
    }
  });

  it('keeps a dot-only name or a slash in its segment', () => {
    expect(encodeSegment('.')).toBe('%2E');
    expect(encodeSegment('..')).toBe('%2E%2E');
    expect(encodeSegment('a/b')).toBe('a%2Fb');
  });
});

describe('links to console pages', () => {
  it.each([...ADDRESSABLE, ...UNADDRESSABLE])('keep %j in its own segments', (name) => {
    const repo = { namespace: name, name };
    const segments = (href: string) => href.split('/').slice(1).map(decodeURIComponent);
    expect(segments(repoHref(repo))).toEqual([name, name]);
    expect(segments(buildHref(repo, 7, 2, 3))).toEqual([name, name, '7', '2', '3']);
  });
});
