// The web router's routes (docs/drone-api.md 1.1 and 4.10): sign-in form post, logout, SCM deep
// links, /version, /varz, /healthz. These are not under /api, so no NoCache or chi fallback.
import { db } from '../db';
import { findRepo } from '../guards';
import { json, NO_CACHE_HEADERS, plainError, redirect, respond, web, type Ctx } from '../http';
import { unixNow } from '../input';
import { LOGOUT_COOKIE, sessionCookie } from '../session';
import { startSync } from './user';

export const MOCK_VERSION = '2.28.1';
const SYNC_PERIOD_S = 7 * 24 * 3600;
/** Drone only sends users created after this to /register (handler/web/login.go). */
const REGISTRATION_EPOCH = 1619841600;

const loginError = (message: string) => redirect(`/login/error?message=${message}`);

async function formFields(request: Request): Promise<{ username: string; password: string }> {
  try {
    const form = await request.formData();
    return {
      username: String(form.get('username') ?? ''),
      password: String(form.get('password') ?? ''),
    };
  } catch {
    return { username: '', password: '' };
  }
}

/**
 * The mock's stand-in for the SCM sign-in: the form's username and password against the user's
 * `password` column. Machine and inactive accounts are refused by kind before the password is
 * compared, so their messages show whatever was typed.
 */
async function login(ctx: Ctx): Promise<Response> {
  const { username, password } = await formFields(ctx.request);
  const user = db.user.findFirst({ where: { login: { equals: username } } });
  if (user?.machine) return loginError('Machine account login is forbidden');
  if (user && !user.active) return loginError('Account is not active');
  if (!user || !password || user.password !== password) {
    return loginError('Invalid username or password');
  }
  const now = unixNow();
  db.user.update({ where: { id: { equals: user.id } }, data: { last_login: now } });
  // Like Drone, an account not synced for a week syncs on sign-in.
  if (user.synced + SYNC_PERIOD_S < now) startSync(user);
  const target = !user.email && user.created > REGISTRATION_EPOCH ? '/register' : '/';
  return redirect(target, { 'Set-Cookie': sessionCookie(user.login) });
}

/** The console serves the sign-in form itself; Drone would start the OAuth dance here. */
const loginPage = () => redirect('/login/form');

/**
 * Drone answers /logout with its single-page app's index.html (docs/drone-api.md 4.10), which a
 * browser that followed a sign-out link shows. The mock has no app of its own: its page sends the
 * browser to `/`, where the app served in front of the mock starts signed out (issue 29 item 17).
 * A meta refresh, not a script: a front's Content-Security-Policy may forbid inline scripts.
 */
const SIGNED_OUT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="0; url=/">
<title>Signed out</title>
</head>
<body>
<p>You are signed out. <a href="/">Continue</a></p>
</body>
</html>
`;

function logout(): Response {
  return respond(SIGNED_OUT_PAGE, {
    headers: { 'Set-Cookie': LOGOUT_COOKIE, 'Content-Type': 'text/html; charset=utf-8' },
  });
}

/** go-scm's GitHub link rules: tags and branches to tree/, pull refs to pull/, a sha to commit/. */
function scmLink(base: string, ref: string, sha: string): string {
  const pull = /^refs\/pull\/(\d+)\//.exec(ref);
  if (ref.startsWith('refs/tags/')) return `${base}/tree/${ref.slice('refs/tags/'.length)}`;
  if (pull) return `${base}/pull/${pull[1]}`;
  if (sha === '') return `${base}/tree/${ref.replace(/^refs\/heads\//, '')}`;
  return `${base}/commit/${sha}`;
}

function link(ctx: Ctx, ref: string, sha: string): Response {
  const repo = findRepo(ctx.params.namespace ?? '', ctx.params.name ?? '');
  if (!repo || !repo.link) return plainError(404, 'Not Found');
  return redirect(scmLink(repo.link.replace(/\/$/, ''), ref, sha));
}

function varz(): Response {
  const now = unixNow();
  return json({
    scm: { url: 'https://github.com', rate: { limit: 5000, remaining: 4999, reset: now + 3600 } },
    license: {
      kind: 'trial',
      seats: 0,
      seats_used: db.user.count(),
      repos: 0,
      repos_used: db.repo.count({ where: { active: { equals: true } } }),
      expire_at: '0001-01-01T00:00:00Z',
    },
  });
}

const tree = (ctx: Ctx) => link(ctx, ctx.params['*'] ?? '', ctx.url.searchParams.get('sha') ?? '');

export const webHandlers = [
  web('GET', '/login', loginPage),
  web('POST', '/login', login),
  web('GET', '/logout', logout),
  web('POST', '/logout', logout),
  web('GET', '/link/:namespace/:name/tree/*', tree),
  web('GET', '/link/:namespace/:name/src/*', tree),
  web('GET', '/link/:namespace/:name/commit/:commit', (ctx) =>
    link(ctx, ctx.url.searchParams.get('ref') ?? '', ctx.params.commit ?? ''),
  ),
  web('GET', '/version', () =>
    json({ source: 'https://github.com/harness/drone', version: MOCK_VERSION }),
  ),
  web('GET', '/varz', varz),
  web('GET', '/healthz', () =>
    respond('OK', {
      headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_CACHE_HEADERS },
    }),
  ),
];
