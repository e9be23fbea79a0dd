// Drone's ACL (docs/drone-api.md 1.3 and 1.4; handler/api/acl/*.go). Each guard either returns what
// the handler needs or throws the DroneError Drone would answer with.
import { db } from './db';
import { forbidden, notFound, unauthorized, DroneError } from './errors';
import type { Ctx } from './http';
import type { PermRow, RepoRow, UserRow } from './serialize';
import { sessionLogin } from './session';

const viewers = new WeakMap<Request, UserRow | null>();

function byToken(token: string): UserRow | null {
  if (!token) return null;
  return db.user.findFirst({ where: { token: { equals: token } } });
}

/**
 * session.Get: an Authorization header (optional `Bearer `) wins whenever it is present, then
 * `?access_token=`, then the `_session_` cookie. Anything invalid means guest, never an error.
 */
function identify(ctx: Ctx): UserRow | null {
  const header = ctx.request.headers.get('authorization');
  if (header !== null) return byToken(header.replace(/^Bearer /, ''));
  const queryToken = ctx.url.searchParams.get('access_token');
  if (queryToken !== null) return byToken(queryToken);
  const login = sessionLogin(ctx.request, ctx.cookies);
  if (!login) return null;
  return db.user.findFirst({ where: { login: { equals: login } } });
}

/** The signed-in user, or undefined for a guest (memoised per request). */
export function viewer(ctx: Ctx): UserRow | undefined {
  if (!viewers.has(ctx.request)) viewers.set(ctx.request, identify(ctx));
  return viewers.get(ctx.request) ?? undefined;
}

/** AuthorizeUser: any authenticated user, else 401. */
export function authorizeUser(ctx: Ctx): UserRow {
  const user = viewer(ctx);
  if (!user) throw unauthorized();
  return user;
}

/** AuthorizeAdmin: guest 401, non-admin 403. */
export function authorizeAdmin(ctx: Ctx): UserRow {
  const user = authorizeUser(ctx);
  if (!user.admin) throw forbidden();
  return user;
}

export function findRepo(namespace: string, name: string): RepoRow | null {
  return db.repo.findFirst({
    where: { namespace: { equals: namespace }, name: { equals: name } },
  });
}

export function findPerm(userId: number, repoId: number): PermRow | null {
  return db.perm.findFirst({
    where: { user_id: { equals: userId }, repo_id: { equals: repoId } },
  });
}

export interface RepoScope {
  repo: RepoRow;
  user?: UserRow;
  perm?: PermRow;
}

/** InjectRepository: a missing repo is 401 for a guest and 404 `Not Found` when signed in. */
export function injectRepository(ctx: Ctx): RepoScope {
  const user = viewer(ctx);
  const repo = findRepo(ctx.params.owner ?? '', ctx.params.name ?? '');
  if (!repo) throw user ? notFound() : unauthorized();
  if (!user) return { repo };
  return { repo, user, perm: findPerm(user.id, repo.id) ?? undefined };
}

export type Access = 'read' | 'write' | 'admin';

/** CheckAccess: insufficient permission is 404 `Not Found`, never 403 (only inactive is 403). */
export function checkAccess(scope: RepoScope, access: Access): void {
  const { repo, user, perm } = scope;
  if (!user && access !== 'read') throw unauthorized();
  if (user?.admin) return;
  if (access === 'read') {
    if (repo.visibility === 'public') return;
    if (!user) throw unauthorized();
    if (repo.visibility === 'internal') return;
  }
  if (!user!.active) throw forbidden();
  if (!perm || !perm.read) throw notFound();
  if (access !== 'read' && !perm.write) throw notFound();
  if (access === 'admin' && !perm.admin) throw notFound();
}

/** InjectRepository followed by CheckReadAccess / CheckWriteAccess / CheckAdminAccess. */
export function repoAccess(ctx: Ctx, access: Access): RepoScope {
  const scope = injectRepository(ctx);
  checkAccess(scope, access);
  return scope;
}

/**
 * CheckMembership (latest): system admins and `login == namespace` pass; otherwise the SCM
 * membership (the `membership` table) decides. Failures are status 401 with `Forbidden`.
 */
export function checkMembership(ctx: Ctx, namespace: string, orgAdmin: boolean): UserRow {
  const user = authorizeUser(ctx);
  if (user.admin || user.login === namespace) return user;
  const member = db.membership.findFirst({
    where: { user_id: { equals: user.id }, namespace: { equals: namespace } },
  });
  if (!member || (orgAdmin && !member.admin)) throw new DroneError(401, 'Forbidden');
  return user;
}
