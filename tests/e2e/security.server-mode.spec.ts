import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_TOKENS } from '../../fixtures/demo/users';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { HOSTILE_SLUG } from '../../fixtures/hostile-data';
import { DEMO_SERVER, HOSTILE_CONSOLE, HOSTILE_SERVER } from './servers';

// Issue 17, across the stack: the server-mode console against the standalone mock (the file
// name matches the server project's pattern).
//
// Item 1: a card's schema URL is the pipeline's to choose. Whoever serves it must get none of the
// user's credentials: not the build-time token (DRONE_TOKEN), not the session cookie. A listener
// on another port plays that host: it allows every CORS request, credentials included, so a leak
// would reach it, and records the headers it gets.

const SERVER = DEMO_SERVER;
const admin = { Authorization: `Bearer ${DEMO_TOKENS.admin}` };
const REPO = 'octocat/spoon-knife';

const template = {
  type: 'AdaptiveCard',
  version: '1.5',
  body: [{ type: 'TextBlock', text: 'Schema from another host' }],
};

interface Received {
  method: string;
  authorization?: string;
  cookie?: string;
}

// One listener and one card for the whole file.
test.describe.configure({ mode: 'serial' });

let listener: Server;
let schemaHost = '';
const received: Received[] = [];

function record(headers: IncomingHttpHeaders, method: string): void {
  received.push({ method, authorization: headers.authorization, cookie: headers.cookie });
}

test.beforeAll(async () => {
  listener = createServer((req, res) => {
    record(req.headers, req.method ?? '');
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, accept');
    res.setHeader('Content-Type', 'application/json');
    res.end(req.method === 'OPTIONS' ? '' : JSON.stringify(template));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  schemaHost = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

/** Gives the first step of the repository's oldest build a card whose schema is on the listener. */
async function uploadForeignCard(
  request: Page['request'],
  server = SERVER,
  repo = REPO,
): Promise<number> {
  const builds = (await (
    await request.get(`${server}/api/repos/${repo}/builds?per_page=100`, { headers: admin })
  ).json()) as Array<{ number: number }>;
  const build = builds.at(-1)!.number;
  const card = `${server}/api/repos/${repo}/cards/${build}/1/1`;
  await request.delete(card, { headers: admin }); // A card left by an earlier run.
  const upload = await request.post(card, {
    headers: admin,
    data: { schema: `${schemaHost}/card.json`, data: {} },
  });
  expect(upload.status()).toBe(200);
  return build;
}

async function signIn(page: Page, login: 'admin' | 'member'): Promise<void> {
  await page.goto('/login/form');
  await page.getByLabel(/username/i).fill(login);
  await page.getByLabel(/password/i).fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

async function openCard(page: Page, base: string, build: number, repo = REPO): Promise<void> {
  received.length = 0;
  await page.goto(`${base}/${repo}/${build}?view=card`);
  await expect(page.getByText('Schema from another host')).toBeVisible();
  expect(received.filter((call) => call.method === 'GET')).toHaveLength(1);
  for (const call of received)
    expect(call, `${call.method} /card.json`).toEqual({ method: call.method });
}

test('a signed-in user’s session cookie never goes to a card schema’s host', async ({ page }) => {
  const build = await uploadForeignCard(page.request);
  await signIn(page, 'member');
  // The listener shares the console's host (cookies ignore ports): only `omit` keeps it out.
  expect(new URL(schemaHost).hostname).toBe(new URL(page.url()).hostname);
  await openCard(page, '', build);
});

// The hostile suite's console is built with the admin's token (tests/e2e/servers.ts), against
// the standalone mock on the hostile scenario.
test('a console built with DRONE_TOKEN never sends the token to a card schema’s host', async ({
  page,
}) => {
  const build = await uploadForeignCard(page.request, HOSTILE_SERVER, HOSTILE_SLUG);
  await openCard(page, HOSTILE_CONSOLE, build, HOSTILE_SLUG);
});

// Item 2: Drone's name rule allows a secret named `..`, but no URL reaches it (a browser resolves
// `/secrets/..` and `/secrets/%2E%2E` to the repository itself). Deleting it must say so and send
// nothing, where it used to disable the repository.
test('deleting a secret named `..` is refused with a message and sends nothing', async ({
  page,
}) => {
  const repo = `${SERVER}/api/repos/octocat/dotfiles`;
  const secrets = await page.request.get(`${repo}/secrets`, { headers: admin });
  if (!((await secrets.json()) as { name: string }[]).some((secret) => secret.name === '..')) {
    const created = await page.request.post(`${repo}/secrets`, {
      headers: admin,
      data: { name: '..', data: 'x' },
    });
    expect(created.status()).toBe(200);
  }
  await signIn(page, 'admin');
  await page.goto('/octocat/dotfiles/settings/secrets');
  const row = page.getByRole('row', { name: /\.\./ });
  await row.getByRole('button', { name: 'Delete ..' }).click();
  const deletes: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'DELETE') deletes.push(sent.url());
  });
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(
    page.getByText(
      'Unable to remove secret: The name “..” cannot be sent to the server: a URL cannot hold “.”, “..” or “/” as a name',
    ),
  ).toBeVisible();
  expect(deletes).toEqual([]);
  await expect(row).toBeVisible();
  expect(
    ((await (await page.request.get(repo, { headers: admin })).json()) as { active: boolean })
      .active,
  ).toBe(true);
});
