import { expect, test } from './fixtures';
import { DEMO_TOKENS } from '../../fixtures/demo/users';
import { DEMO_SERVER } from './servers';

// Issue 2: the standalone mock server (`npm run mock-server`) is a Drone server any HTTP client
// can use. tests/e2e/servers.ts starts it (DEMO_SERVER) with the demo scenario.
const SERVER = DEMO_SERVER;
const admin = { Authorization: `Bearer ${DEMO_TOKENS.admin}` };

test('answers like Drone: guards, messages and JSON shapes', async ({ request }) => {
  const guest = await request.get(`${SERVER}/api/user`);
  expect(guest.status()).toBe(401);
  expect(await guest.text()).toBe('{"message":"Unauthorized"}\n');

  const user = await request.get(`${SERVER}/api/user`, { headers: admin });
  expect(user.status()).toBe(200);
  expect(await user.json()).toMatchObject({ login: 'admin', admin: true });

  const byQuery = await request.get(`${SERVER}/api/user?access_token=${DEMO_TOKENS.member}`);
  expect((await byQuery.json()).login).toBe('member');

  const forbidden = await request.get(`${SERVER}/api/users`, {
    headers: { Authorization: `Bearer ${DEMO_TOKENS.member}` },
  });
  expect(forbidden.status()).toBe(403);
  expect((await forbidden.json()).message).toBe('Forbidden');

  const missing = await request.get(`${SERVER}/api/repos/acme/api/builds/99999`, {
    headers: admin,
  });
  expect(missing.status()).toBe(404);
  expect((await missing.json()).message).toBe('sql: no rows in result set');

  const page = await request.get(`${SERVER}/api/repos/acme/api/builds?per_page=5`, {
    headers: admin,
  });
  const builds = (await page.json()) as Array<{ number: number }>;
  expect(builds).toHaveLength(5);
  expect(builds[0]!.number).toBeGreaterThan(builds[4]!.number);
});

test('sends Drone CORS headers and answers preflight', async ({ request }) => {
  const preflight = await request.fetch(`${SERVER}/api/user`, {
    method: 'OPTIONS',
    headers: { Origin: 'http://example.test', 'Access-Control-Request-Method': 'GET' },
  });
  expect(preflight.status()).toBe(200);
  expect(preflight.headers()['access-control-allow-origin']).toBe('http://example.test');
  expect(preflight.headers()['access-control-allow-credentials']).toBe('true');
});

test('streams repository events and log lines to an EventSource', async ({ page, request }) => {
  await page.goto(`${SERVER}/healthz`);
  const eventsPromise = page.evaluate(
    ({ token }) =>
      new Promise<string>((resolve, reject) => {
        const source = new EventSource(`/api/stream?access_token=${token}`);
        const timer = setTimeout(() => reject(new Error('no event')), 30_000);
        source.onmessage = (message) => {
          const repo = JSON.parse(message.data as string) as {
            slug: string;
            build?: { number: number };
          };
          if (repo.slug === 'octocat/hello-world') {
            clearTimeout(timer);
            source.close();
            resolve(JSON.stringify({ slug: repo.slug, number: repo.build?.number }));
          }
        };
      }),
    { token: DEMO_TOKENS.admin },
  );
  // Give the EventSource a moment to connect, then start a build that publishes events.
  await page.waitForTimeout(500);
  const created = await request.post(`${SERVER}/api/repos/octocat/hello-world/builds?branch=main`, {
    headers: admin,
  });
  expect(created.status()).toBe(200);
  const build = (await created.json()) as { number: number; status: string };
  expect(build.status).toBe('pending');
  const event = JSON.parse(await eventsPromise) as { slug: string; number: number };
  expect(event).toEqual({ slug: 'octocat/hello-world', number: build.number });

  // The new build's first step streams log lines with increasing pos, then eof.
  const lines = await page.evaluate(
    ({ token, number }) =>
      new Promise<number[]>((resolve, reject) => {
        const positions: number[] = [];
        const timer = setTimeout(
          () => reject(new Error(`stream timeout ${positions.length}`)),
          45_000,
        );
        const open = () => {
          const source = new EventSource(
            `/api/stream/octocat/hello-world/${number}/1/1?access_token=${token}`,
          );
          source.onmessage = (message) => {
            positions.push((JSON.parse(message.data as string) as { pos: number }).pos);
          };
          source.onerror = (event) => {
            source.close();
            const data = (event as MessageEvent).data;
            // Before the step starts there is no live stream: ping then eof; try again.
            if (data === 'eof' && positions.length === 0) setTimeout(open, 300);
            else {
              clearTimeout(timer);
              resolve(positions);
            }
          };
        };
        open();
      }),
    { token: DEMO_TOKENS.admin, number: build.number },
  );
  expect(lines.length).toBeGreaterThan(0);
  expect(lines).toEqual([...lines].sort((a, b) => a - b));
  expect(lines[0]).toBe(0);
});

test('the queue, cron run now, pull requests and log deletion answer behind their guards', async ({
  request,
}) => {
  const member = { Authorization: `Bearer ${DEMO_TOKENS.member}` };
  expect((await request.get(`${SERVER}/api/queue`)).status()).toBe(401);
  expect((await request.get(`${SERVER}/api/queue`, { headers: member })).status()).toBe(403);
  const queue = (await (
    await request.get(`${SERVER}/api/queue`, { headers: admin })
  ).json()) as Array<{ status: string; arch: string; limit?: number }>;
  expect(queue.some((stage) => stage.status === 'pending' && stage.arch === 'arm64')).toBe(true);
  expect(queue.some((stage) => stage.status === 'pending' && stage.limit === 1)).toBe(true);

  const pulls = await request.get(`${SERVER}/api/repos/drone/drone/builds/pulls`, {
    headers: admin,
  });
  expect(((await pulls.json()) as Array<{ ref: string }>).map((b) => b.ref)).toContain(
    'refs/pull/3412/head',
  );
  // A reader of octocat/octo-docs may not delete its logs: Drone's 404, never 403.
  const refused = await request.delete(`${SERVER}/api/repos/octocat/octo-docs/builds/1/logs/1/1`, {
    headers: member,
  });
  expect(refused.status()).toBe(404);
  expect((await refused.json()).message).toBe('Not Found');
});
