// Build reads and the build indexes (docs/drone-api.md 4.2 reads, 4.7 incomplete, 3.13, 8).
import { db, newId } from '../db';
import { noRows } from '../errors';
import { authorizeAdmin, repoAccess } from '../guards';
import { api, json, noContent } from '../http';
import { atoiOrZero, parseInt64 } from '../input';
import { serializeBuild, serializeRepo, type BuildRow } from '../serialize';
import { buildFromPath, latestBuild } from './lookup';

/** Drone's list pagination: page is 1-based, per_page outside 1..100 falls back to 25. */
function pageOf(url: URL): { offset: number; limit: number } {
  let limit = atoiOrZero(url.searchParams.get('per_page'));
  if (limit < 1 || limit > 100) limit = 25;
  const page = atoiOrZero(url.searchParams.get('page'));
  return { offset: page > 1 ? (page - 1) * limit : 0, limit };
}

type IndexKind = 'branch' | 'pull' | 'deployment';

/**
 * The `latest` index: the newest build per key among the builds that the key accepts. An entry
 * deleted from the index stays away until a newer build of its key indexes it again.
 */
function latestPer(
  repoId: number,
  kind: IndexKind,
  keyOf: (build: BuildRow) => string | undefined,
): BuildRow[] {
  const dropped = new Map<string, number>();
  for (const drop of db.dropped_index.findMany({
    where: { repo_id: { equals: repoId }, kind: { equals: kind } },
  })) {
    dropped.set(drop.name, Math.max(drop.build_id, dropped.get(drop.name) ?? 0));
  }
  const latest = new Map<string, BuildRow>();
  const builds = db.build.findMany({
    where: { repo_id: { equals: repoId } },
    orderBy: { id: 'desc' },
  });
  for (const build of builds) {
    const key = keyOf(build);
    if (key !== undefined && !latest.has(key)) latest.set(key, build);
  }
  return [...latest.entries()]
    .filter(([key, build]) => build.id > (dropped.get(key) ?? 0))
    .map(([, build]) => build);
}

/** builds.DeleteBranch / DeletePull / DeleteDeploy: 204 even when nothing was indexed. */
function dropIndexEntry(repoId: number, kind: IndexKind, name: string): void {
  const newest = db.build.findMany({
    where: { repo_id: { equals: repoId } },
    orderBy: { id: 'desc' },
    take: 1,
  })[0];
  db.dropped_index.create({
    id: newId(),
    repo_id: repoId,
    kind,
    name,
    build_id: newest?.id ?? 0,
  });
}

const list = (builds: BuildRow[]) => json(builds.map((build) => serializeBuild(build)));

const pullNumber = (ref: string) => /^refs\/pull(?:-requests)?\/(\d+)\//.exec(ref)?.[1];

export const buildHandlers = [
  api('GET', '/repos/:owner/:name/builds', (ctx) => {
    const { repo } = repoAccess(ctx, 'read');
    const { offset, limit } = pageOf(ctx.url);
    const branch = ctx.url.searchParams.get('branch');
    const tag = ctx.url.searchParams.get('tag');
    const ref = branch ? `refs/heads/${branch}` : tag ? `refs/tags/${tag}` : undefined;
    const builds = db.build.findMany({
      where: ref
        ? { repo_id: { equals: repo.id }, ref: { equals: ref } }
        : { repo_id: { equals: repo.id } },
      orderBy: { id: 'desc' },
    });
    return list(builds.slice(offset, offset + limit));
  }),

  // Purge: builds numbered below `before` go, with their stages, steps, logs and cards.
  api('DELETE', '/repos/:owner/:name/builds', (ctx) => {
    const { repo } = repoAccess(ctx, 'admin');
    const before = parseInt64(ctx.url.searchParams.get('before'));
    const doomed = db.build.findMany({
      where: { repo_id: { equals: repo.id }, number: { lt: before } },
    });
    for (const build of doomed) {
      for (const stage of db.stage.findMany({ where: { build_id: { equals: build.id } } })) {
        for (const step of db.step.findMany({ where: { step_id: { equals: stage.id } } })) {
          db.log.delete({ where: { id: { equals: step.id } } });
          db.card.delete({ where: { id: { equals: step.id } } });
        }
        db.step.deleteMany({ where: { step_id: { equals: stage.id } } });
      }
      db.stage.deleteMany({ where: { build_id: { equals: build.id } } });
      db.build.delete({ where: { id: { equals: build.id } } });
    }
    return noContent();
  }),

  api('GET', '/repos/:owner/:name/builds/latest', (ctx) => {
    const { repo } = repoAccess(ctx, 'read');
    const branch = ctx.url.searchParams.get('branch');
    const ref = branch
      ? `refs/heads/${branch}`
      : ctx.url.searchParams.get('ref') || `refs/heads/${repo.default_branch}`;
    const build = latestBuild(repo.id, ref);
    if (!build) throw noRows();
    return json(serializeBuild(build, true));
  }),

  api('GET', '/repos/:owner/:name/builds/branches', (ctx) => {
    const { repo } = repoAccess(ctx, 'read');
    return list(latestPer(repo.id, 'branch', (b) => (b.event === 'push' ? b.target : undefined)));
  }),

  api('GET', '/repos/:owner/:name/builds/pulls', (ctx) => {
    const { repo } = repoAccess(ctx, 'read');
    return list(
      latestPer(repo.id, 'pull', (b) =>
        b.event === 'pull_request' ? pullNumber(b.ref) : undefined,
      ),
    );
  }),

  api('GET', '/repos/:owner/:name/builds/deployments', (ctx) => {
    const { repo } = repoAccess(ctx, 'read');
    const deploy = (b: BuildRow) =>
      (b.event === 'promote' || b.event === 'rollback') && b.deploy_to ? b.deploy_to : undefined;
    return list(latestPer(repo.id, 'deployment', deploy));
  }),

  // Removing an index entry (write access): the branch name is the rest of the path, slashes
  // included; a pull request is its number (strconv.Atoi with the error ignored: a bad one is 0).
  ...(
    [
      ['/branches/*', 'branch'],
      ['/pulls/:pull', 'pull'],
      ['/deployments/*', 'deployment'],
    ] as const
  ).map(([path, kind]) =>
    api('DELETE', `/repos/:owner/:name/builds${path}`, (ctx) => {
      const { repo } = repoAccess(ctx, 'write');
      const name =
        kind === 'pull' ? String(atoiOrZero(ctx.params.pull ?? '')) : (ctx.params['*'] ?? '');
      dropIndexEntry(repo.id, kind, name);
      return noContent();
    }),
  ),

  api('GET', '/repos/:owner/:name/builds/:number', (ctx) => {
    const { repo } = repoAccess(ctx, 'read');
    return json(serializeBuild(buildFromPath(repo, ctx.params.number), true));
  }),

  // Admin: builds with a pending or running stage, newest first, at most 50.
  api('GET', '/builds/incomplete', (ctx) => {
    authorizeAdmin(ctx);
    const stages = db.stage.findMany({ where: { status: { in: ['pending', 'running'] } } });
    const buildIds = [...new Set(stages.map((stage) => stage.build_id))];
    const builds = db.build
      .findMany({ where: { id: { in: buildIds } }, orderBy: { id: 'desc' } })
      .slice(0, 50);
    const out = builds.flatMap((build) => {
      const repo = db.repo.findFirst({ where: { id: { equals: build.repo_id } } });
      return repo ? [serializeRepo(repo, { build: serializeBuild(build) })] : [];
    });
    return json(out);
  }),
];
