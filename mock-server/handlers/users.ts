// User administration (docs/drone-api.md 4.6 and 3.12 UserCreate/UserPatch); system admins only.
import { db, newId } from '../db';
import { badRequest, DroneError } from '../errors';
import { authorizeAdmin } from '../guards';
import { api, json, noContent } from '../http';
import { bool, newToken, readBody, str, unixNow } from '../input';
import { serializeRepo, serializeUser } from '../serialize';
import { byKey, findUser, reposOfUser } from './lookup';

const LOGIN = /^[.a-zA-Z0-9_-]+$/;

/** core.User.Validate: 1-50 bytes of [.a-zA-Z0-9_-]. */
function validateLogin(login: string): void {
  const bytes = new TextEncoder().encode(login).length;
  if (bytes < 1 || bytes > 50) throw badRequest('Invalid username length');
  if (!LOGIN.test(login)) throw badRequest('Invalid character in username');
}

const user = '/users/:user';

export const usersHandlers = [
  // No pagination: every user, by login.
  api('GET', '/users', (ctx) => {
    authorizeAdmin(ctx);
    return json(
      db.user
        .getAll()
        .sort(byKey((u) => u.login))
        .map(serializeUser),
    );
  }),

  // `email` in the body is ignored (Drone copies it from the SCM account, which the mock lacks);
  // a machine user comes back with its token.
  api('POST', '/users', async (ctx) => {
    authorizeAdmin(ctx);
    const input = await readBody(ctx.request, 'users.userWithToken', {
      login: 'string',
      email: 'string',
      admin: 'bool',
      machine: 'bool',
      token: 'string',
    });
    const login = str(input.login) ?? '';
    validateLogin(login);
    if (db.user.findFirst({ where: { login: { equals: login } } })) {
      throw new DroneError(500, 'UNIQUE constraint failed: users.user_login');
    }
    const now = unixNow();
    const row = db.user.create({
      id: newId(),
      login,
      admin: bool(input.admin) ?? false,
      machine: bool(input.machine) ?? false,
      active: true,
      created: now,
      updated: now,
      token: str(input.token) || newToken(),
    });
    return json(row.machine ? { ...serializeUser(row), token: row.token } : serializeUser(row));
  }),

  api('GET', user, (ctx) => {
    authorizeAdmin(ctx);
    return json(serializeUser(findUser(ctx.params.user ?? '', true)));
  }),

  // `active:false` also drops admin: an inactive user is never an administrator.
  api('PATCH', user, async (ctx) => {
    authorizeAdmin(ctx);
    const input = await readBody(ctx.request, 'users.userInput', { admin: 'bool', active: 'bool' });
    const row = findUser(ctx.params.user ?? '', true);
    let admin = bool(input.admin) ?? row.admin;
    const active = bool(input.active) ?? row.active;
    if (!active) admin = false;
    const saved = db.user.update({
      where: { id: { equals: row.id } },
      data: { admin, active, updated: unixNow() },
    });
    return json(serializeUser(saved ?? row));
  }),

  // The user's repositories are handed to the caller before the user goes.
  api('DELETE', user, (ctx) => {
    const caller = authorizeAdmin(ctx);
    const row = findUser(ctx.params.user ?? '', true);
    db.repo.updateMany({
      where: { user_id: { equals: row.id } },
      data: { user_id: caller.id },
    });
    db.perm.deleteMany({ where: { user_id: { equals: row.id } } });
    db.membership.deleteMany({ where: { user_id: { equals: row.id } } });
    db.user.delete({ where: { id: { equals: row.id } } });
    return noContent();
  }),

  api('GET', `${user}/repos`, (ctx) => {
    authorizeAdmin(ctx);
    const row = findUser(ctx.params.user ?? '', true);
    return json(reposOfUser(row.id).map((repo) => serializeRepo(repo)));
  }),

  // [latest only] The new token is not in the answer.
  api('POST', `${user}/token/rotate`, (ctx) => {
    authorizeAdmin(ctx);
    const row = findUser(ctx.params.user ?? '', true);
    const saved = db.user.update({
      where: { id: { equals: row.id } },
      data: { token: newToken(), updated: unixNow() },
    });
    return json({ ...serializeUser(saved ?? row), message: 'Token rotated successfully.' });
  }),
];
