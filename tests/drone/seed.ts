// What a fresh real Drone needs before the console's tests: both users signed in through the
// form (so Drone holds their SCM tokens and their repositories), six repositories activated,
// two of them protected (acme/protected, and acme/gated, which the member may read), and a build
// of each outcome: acme/api #1 passed and promoted to production (#2), acme/web #1 failed,
// acme/protected #1 blocked for approval.
import { DEMO_TOKENS } from '../../fixtures/demo/users';
import type { StandInScm } from './scm/server';

/** The same tokens as the mock's demo users, so one contract suite addresses both servers. */
export const DRONE_TOKENS = { admin: DEMO_TOKENS.admin, member: DEMO_TOKENS.member } as const;

export const ACTIVE_REPOS = [
  'acme/api',
  'acme/web',
  'acme/slow',
  'acme/live',
  'acme/protected',
  'acme/gated',
];

/** A call to Drone's API as one of the seeded users; throws with Drone's answer on failure. */
export async function droneApi<T = unknown>(
  server: string,
  user: keyof typeof DRONE_TOKENS,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${server}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${DRONE_TOKENS[user]}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs in through Drone's form post, as the console's sign-in page does. */
export async function signInThroughForm(server: string, login: string): Promise<void> {
  const response = await fetch(`${server}/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: login, password: login }),
    redirect: 'manual',
  });
  const location = response.headers.get('location') ?? '';
  if (!response.headers.get('set-cookie')?.includes('_session_') || location.includes('error')) {
    throw new Error(`sign-in of ${login}: ${response.status} ${location}`);
  }
}

interface BuildStatus {
  number: number;
  status: string;
  stages?: { status: string }[];
}

/** Drone never sets a build's status to blocked: it stays pending, its stages blocked. */
export const isBlocked = (build: BuildStatus) =>
  build.status === 'pending' && (build.stages ?? []).some((stage) => stage.status === 'blocked');

/** Waits for a build to reach one of the given statuses (the runner works in real time). */
export async function waitForBuild(
  server: string,
  slug: string,
  number: number,
  statuses: readonly string[],
  ready: (build: BuildStatus) => boolean = (build) => statuses.includes(build.status),
): Promise<BuildStatus> {
  const deadline = Date.now() + 120_000;
  let last = 'absent';
  while (Date.now() < deadline) {
    const build = await droneApi<BuildStatus>(
      server,
      'admin',
      'GET',
      `/api/repos/${slug}/builds/${number}`,
    ).catch(() => undefined);
    last = build?.status ?? 'absent';
    if (build && ready(build)) return build;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${slug} #${number} stayed ${last}, not ${statuses.join(' or ')}`);
}

export async function seedDrone(server: string, scm: StandInScm, log: (line: string) => void) {
  const started = Date.now();
  await signInThroughForm(server, 'admin');
  await droneApi(server, 'admin', 'POST', '/api/users', {
    login: 'member',
    token: DRONE_TOKENS.member,
  });
  await signInThroughForm(server, 'member');
  await droneApi(server, 'admin', 'POST', '/api/user/repos');
  await droneApi(server, 'member', 'POST', '/api/user/repos');
  for (const slug of ACTIVE_REPOS) await droneApi(server, 'admin', 'POST', `/api/repos/${slug}`);
  for (const slug of ['acme/protected', 'acme/gated']) {
    await droneApi(server, 'admin', 'PATCH', `/api/repos/${slug}`, { protected: true });
  }
  await scm.push('acme/api', { message: 'Add the greeting step' });
  await scm.push('acme/web', { message: 'Break the unit tests', author: 'member' });
  await scm.push('acme/protected', { message: 'Change the protected pipeline' });
  await waitForBuild(server, 'acme/api', 1, ['success']);
  await waitForBuild(server, 'acme/web', 1, ['failure']);
  await waitForBuild(server, 'acme/protected', 1, ['blocked'], isBlocked);
  await droneApi(server, 'admin', 'POST', '/api/repos/acme/api/builds/1/promote?target=production');
  await waitForBuild(server, 'acme/api', 2, ['success']);
  log(`drone: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
