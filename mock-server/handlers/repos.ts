// Repositories (docs/drone-api.md 4.1 and 3.12 RepositoryPatch).
import { db } from '../db';
import { authorizeAdmin, repoAccess } from '../guards';
import { api, json } from '../http';
import { atoiOrZero, bool, int, readBody, str, unixNow } from '../input';
import { serializePerm, serializeRepo, type RepoRow } from '../serialize';

/** repos.Update: optimistic-lock version bump and `updated` (Drone's store does both). */
export function saveRepo(repo: RepoRow, data: Partial<RepoRow>): RepoRow {
  const updated = db.repo.update({
    where: { id: { equals: repo.id } },
    data: { ...data, updated: unixNow(), version: repo.version + 1 },
  });
  return updated ?? repo;
}

const PATCH_FIELDS = {
  visibility: 'string',
  config_path: 'string',
  trusted: 'bool',
  protected: 'bool',
  ignore_forks: 'bool',
  ignore_pull_requests: 'bool',
  auto_cancel_pull_requests: 'bool',
  auto_cancel_pushes: 'bool',
  auto_cancel_running: 'bool',
  timeout: 'int64',
  throttle: 'int64',
  counter: 'int64',
} as const;

const BOOL_FIELDS = [
  'protected',
  'ignore_forks',
  'ignore_pull_requests',
  'auto_cancel_pull_requests',
  'auto_cancel_pushes',
  'auto_cancel_running',
] as const;

export const repoHandlers = [
  // Admin: every repo in the DB; per_page < 1 falls back to 25, with no upper cap (docs/drone-api.md 8).
  api('GET', '/repos', (ctx) => {
    authorizeAdmin(ctx);
    const page = atoiOrZero(ctx.url.searchParams.get('page'));
    let perPage = atoiOrZero(ctx.url.searchParams.get('per_page'));
    if (perPage < 1) perPage = 25;
    const offset = page > 1 ? (page - 1) * perPage : 0;
    const repos = db.repo.findMany({ where: {}, orderBy: { id: 'asc' } });
    return json(repos.slice(offset, offset + perPage).map((repo) => serializeRepo(repo)));
  }),

  api('GET', '/repos/:owner/:name', (ctx) => {
    const { repo, perm } = repoAccess(ctx, 'read');
    return json(serializeRepo(repo, perm ? { permissions: serializePerm(perm) } : {}));
  }),

  // Enable: active, owned by the caller, with Drone's defaults for config path and timeout.
  api('POST', '/repos/:owner/:name', (ctx) => {
    const { repo, user } = repoAccess(ctx, 'admin');
    const enabled = saveRepo(repo, {
      active: true,
      user_id: user!.id,
      config_path: repo.config_path || '.drone.yml',
      timeout: repo.timeout || 60,
    });
    return json(serializeRepo(enabled));
  }),

  // Only admins may change trusted/timeout/throttle/counter; others are silently ignored.
  api('PATCH', '/repos/:owner/:name', async (ctx) => {
    const { repo, user } = repoAccess(ctx, 'admin');
    const input = await readBody(ctx.request, 'repos.repositoryInput', PATCH_FIELDS);
    const data: Partial<RepoRow> = {};
    const visibility = str(input.visibility);
    if (visibility !== undefined) data.visibility = visibility;
    const configPath = str(input.config_path);
    if (configPath !== undefined) data.config_path = configPath;
    for (const key of BOOL_FIELDS) {
      const value = bool(input[key]);
      if (value !== undefined) data[key] = value;
    }
    if (user?.admin) {
      const trusted = bool(input.trusted);
      if (trusted !== undefined) data.trusted = trusted;
      for (const key of ['timeout', 'throttle', 'counter'] as const) {
        const value = int(input[key]);
        if (value !== undefined) data[key] = value;
      }
    }
    return json(serializeRepo(saveRepo(repo, data)));
  }),

  // Disable (or delete the row with ?remove=true); the answer is the repo with active:false.
  api('DELETE', '/repos/:owner/:name', (ctx) => {
    const { repo } = repoAccess(ctx, 'admin');
    if (ctx.url.searchParams.get('remove') === 'true') {
      db.perm.deleteMany({ where: { repo_id: { equals: repo.id } } });
      db.repo.delete({ where: { id: { equals: repo.id } } });
      return json(serializeRepo({ ...repo, active: false }));
    }
    return json(serializeRepo(saveRepo(repo, { active: false })));
  }),

  api('POST', '/repos/:owner/:name/chown', (ctx) => {
    const { repo, user } = repoAccess(ctx, 'admin');
    return json(serializeRepo(saveRepo(repo, { user_id: user!.id })));
  }),

  // There is no SCM to re-sync from: repair answers the repository unchanged.
  api('POST', '/repos/:owner/:name/repair', (ctx) => {
    const { repo } = repoAccess(ctx, 'admin');
    return json(serializeRepo(repo));
  }),
];
