import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO_TOKENS } from '../../fixtures/demo/users';
import { expect, signOutByLoading, test } from './fixtures';
import { DEPLOY_PROVIDER, FRONTS, OTHER_DEPLOY_PROVIDER, OTHER_DEPLOYMENT } from './servers';
import { stepConsole, waitForLiveLines } from './stepConsole';

// Issue 27: the production build behind each way of deploying it (deploy/, README "Deploy"): the
// serve command, nginx and Caddy, each in front of the standalone mock on the demo scenario and
// configured at start (config.json names the provider). One walk per front: sign in through
// Drone's /login, reload every client route of docs/spec.md 2.1, stream a live log, download a
// log, and sign out by loading /logout. tests/e2e/servers.ts starts them all on one build.

const admin = { Authorization: `Bearer ${DEMO_TOKENS.admin}` };

/** README "Security": what every front sends with the console's files (the policy aside). */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000',
};

/** Every client route of docs/spec.md 2.1, loaded afresh: what each shows once it has its data. */
const CLIENT_ROUTES: Array<{ path: string; ready: string | RegExp; url?: RegExp }> = [
  { path: '/', ready: 'Recent Activity' },
  { path: '/builds-feed', ready: /pushed|created|promoted/ },
  { path: '/account', ready: /token/i },
  { path: '/settings', ready: 'member', url: /\/settings\/users$/ },
  { path: '/settings/users', ready: 'member' },
  { path: '/acme/api', ready: 'Executions' },
  { path: '/acme/api/branches', ready: 'main' },
  { path: '/acme/api/deployments', ready: /production|staging/ },
  { path: '/acme/api/settings', ready: /Save|Disable/ },
  { path: '/acme/api/settings/secrets', ready: 'docker_password' },
  { path: '/acme/api/2', ready: 'Console Logs' },
  { path: '/acme/api/2/1/2', ready: 'Console Logs' },
  { path: '/nobody/nothing', ready: 'We are sorry, the resource you requested cannot be found.' },
  { path: '/welcome', ready: /^Welcome to / },
  { path: '/register', ready: /Complete your/ },
  { path: '/login/error?message=Account%20is%20not%20active', ready: 'Account is not active' },
  { path: '/login/form', ready: `Sign in using your ${DEPLOY_PROVIDER} credentials.` },
];

async function signIn(page: Page, base: string, login: string, provider: string): Promise<void> {
  await page.goto(`${base}/`);
  await expect(page).toHaveURL(/\/welcome$/);
  // Continue loads /login: Drone's route, whose sign-in is the mock's form.
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login\/form$/);
  await expect(
    page.getByRole('heading', { name: `Sign in using your ${provider} credentials.` }),
  ).toBeVisible();
  await page.getByLabel(/username/i).fill(login);
  await page.getByLabel(/password/i).fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

for (const [front, baseURL] of Object.entries(FRONTS)) {
  test.describe(front, () => {
    test.use({ baseURL });

    test(`the walk through ${front}: sign in, every route reloaded, a live log, a download, sign out`, async ({
      page,
    }) => {
      // The Security headers, a client route's page never cached, hashed files cached a year
      // and sent gzipped, the configuration never cached.
      const index = await page.request.get('/acme/api');
      expect(index.headers()).toMatchObject(SECURITY_HEADERS);
      expect(index.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(index.headers()['cache-control']).toBe('no-cache');
      // The boot chunk, the first screen's biggest (the entry script is too small for a twin).
      const script = /"(\/assets\/boot-[^"]+\.js)"/.exec(await index.text())![1]!;
      const asset = await page.request.get(script, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(asset.headers()['content-encoding']).toBe('gzip');
      expect(asset.headers()['cache-control']).toMatch(/^(public, )?max-age=31536000/);
      const config = await page.request.get('/config.json');
      expect(config.headers()['cache-control']).toBe('no-cache');

      await signIn(page, baseURL, 'admin', DEPLOY_PROVIDER);

      for (const { path, ready, url } of CLIENT_ROUTES) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByText(ready).first(), path).toBeVisible();
        if (url) await expect(page).toHaveURL(url);
      }

      // A build started now, its second step (6 s) opened before it runs: lines show while it
      // runs, so the front passes the event stream on unbuffered. Checked at every frame, as a
      // step's run is short.
      const started = await page.request.post(`/api/repos/octocat/hello-world/builds?branch=main`, {
        headers: admin,
      });
      expect(started.status()).toBe(200);
      const { number } = (await started.json()) as { number: number };
      await page.goto(`/octocat/hello-world/${number}/1/2`);
      await waitForLiveLines(page);

      await page.goto('/acme/web/14/1/4');
      const finished = stepConsole(page);
      await expect(finished.getByText('Ran all test suites.')).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        finished.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('logs_acme_web_14_1_4.log');
      expect(await readFile((await download.path())!, 'utf8')).toContain('Ran all test suites.');

      await signOutByLoading(page);
    });
  });
}

test.describe('one build, two deployments', () => {
  test('each front serves the same build with its own configuration and reaches its own server', async ({
    page,
    request,
  }) => {
    const pages = await Promise.all(
      [FRONTS.serve, OTHER_DEPLOYMENT].map(async (front) => (await request.get(front)).text()),
    );
    expect(pages[0]).toBe(pages[1]);
    const configs = await Promise.all(
      [FRONTS.serve, OTHER_DEPLOYMENT].map(async (front) =>
        (await request.get(`${front}/config.json`)).json(),
      ),
    );
    expect(configs).toEqual([{ provider: DEPLOY_PROVIDER }, { provider: OTHER_DEPLOY_PROVIDER }]);

    // The other deployment's server holds the `empty` scenario: no repository at all.
    await signIn(page, OTHER_DEPLOYMENT, 'member', OTHER_DEPLOY_PROVIDER);
    await expect(page.getByText('Your Repository List is Empty.')).toBeVisible();
  });
});
