// The signed-in user (docs/drone-api.md 4.5), guard AuthorizeUser on every route.
import { db } from '../db';
import { authorizeUser } from '../guards';
import { api, json, noContent } from '../http';
import { newToken, readBody, str, unixNow } from '../input';
import { runtime } from '../runtime';
import { serializeBuild, serializeRepo, serializeUser, type UserRow } from '../serialize';
import { latestBuild, reposOfUser } from './lookup';

/** How long the simulated SCM sync takes. */
export const SYNC_MS = 3000;

/**
 * An account sync: `syncing` is true for SYNC_MS on the runtime's clock, then `synced` moves to
 * the end time. There is no SCM, so the user's repositories stay as they are.
 */
export function startSync(user: UserRow): void {
  db.user.update({ where: { id: { equals: user.id } }, data: { syncing: true } });
  runtime().clock.setTimeout(() => {
    db.user.update({
      where: { id: { equals: user.id } },
      data: { syncing: false, synced: unixNow() },
    });
  }, SYNC_MS);
}

function self(userId: number): UserRow {
  return db.user.findFirst({ where: { id: { equals: userId } } })!;
}

export const userHandlers = [
  api('GET', '/user', (ctx) => json(serializeUser(authorizeUser(ctx)))),

  // Drone changes only the email; the registration page also sends name and company.
  api('PATCH', '/user', async (ctx) => {
    const user = authorizeUser(ctx);
    const input = await readBody(ctx.request, 'user.userInput', {
      email: 'string',
      name: 'string',
      company: 'string',
    });
    const email = str(input.email);
    if (email !== undefined) {
      db.user.update({ where: { id: { equals: user.id } }, data: { email, updated: unixNow() } });
    }
    return json(serializeUser(self(user.id)));
  }),

  api('POST', '/user/token', (ctx) => {
    const user = authorizeUser(ctx);
    if (ctx.url.searchParams.get('rotate') === 'true') {
      db.user.update({ where: { id: { equals: user.id } }, data: { token: newToken() } });
    }
    const row = self(user.id);
    return json({ ...serializeUser(row), token: row.token });
  }),

  // Every synced repository, active or not; `latest=true` adds each one's newest build.
  api('GET', '/user/repos', (ctx) => {
    const user = authorizeUser(ctx);
    const latest = ctx.url.searchParams.get('latest') === 'true';
    const repos = reposOfUser(user.id).map((repo) => {
      const build = latest ? latestBuild(repo.id) : undefined;
      return serializeRepo(repo, build ? { build: serializeBuild(build) } : {});
    });
    return json(repos);
  }),

  // `async=true` answers 204 at once and syncs in the background; otherwise the synced list.
  api('POST', '/user/repos', (ctx) => {
    const user = authorizeUser(ctx);
    if (ctx.url.searchParams.get('async') === 'true') {
      startSync(user);
      return noContent();
    }
    db.user.update({
      where: { id: { equals: user.id } },
      data: { syncing: false, synced: unixNow() },
    });
    return json(reposOfUser(user.id).map((repo) => serializeRepo(repo)));
  }),

  // The 25 newest builds across the user's repositories, each as its repository with `build`.
  ...['/user/builds', '/user/builds/recent'].map((path) =>
    api('GET', path, (ctx) => {
      const user = authorizeUser(ctx);
      const repos = new Map(reposOfUser(user.id).map((repo) => [repo.id, repo]));
      const builds = db.build
        .findMany({ where: { repo_id: { in: [...repos.keys()] } }, orderBy: { id: 'desc' } })
        .slice(0, 25);
      return json(
        builds.map((build) =>
          serializeRepo(repos.get(build.repo_id)!, { build: serializeBuild(build) }),
        ),
      );
    }),
  ),
];
