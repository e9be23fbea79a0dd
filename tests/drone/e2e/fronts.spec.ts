import type { Page } from '@playwright/test';
import { expect, signOutByLoading, test } from '../../e2e/fixtures';
import { REAL_DRONE_FRONTS, REAL_DRONE_SCM } from '../../e2e/servers';
import { waitForLiveLines } from '../../e2e/stepConsole';

// Issue 27: nginx and Caddy, configured from deploy/, in front of a real Drone (the serve command
// carries the rest of this suite). Through each: sign in through Drone's form, reload deep links,
// watch a pushed build's log stream live (the front passes the event stream on unbuffered), and
// sign out by loading /logout.

const DEEP_LINKS: Array<{ path: string; ready: string | RegExp }> = [
  { path: '/', ready: 'Recent Activity' },
  { path: '/acme/api', ready: 'Executions' },
  { path: '/acme/api/1', ready: 'Console Logs' },
  { path: '/acme/api/1/1/2', ready: /Showing the last 250 of 3,0\d\d lines/ },
  { path: '/acme/api/settings/secrets', ready: /secret/i },
  { path: '/settings/users', ready: 'member' },
  { path: '/account', ready: /token/i },
];

async function signIn(page: Page): Promise<void> {
  await page.goto('/login/form');
  await expect(page.getByText('Sign in using your Gogs credentials.')).toBeVisible();
  await page.getByLabel(/username/i).fill('admin');
  await page.getByLabel(/password/i).fill('admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

for (const [front, baseURL] of Object.entries(REAL_DRONE_FRONTS)) {
  test.describe(front, () => {
    test.use({ baseURL });

    test(`through ${front}: sign in, deep links reloaded, a live log, sign out`, async ({
      page,
    }) => {
      await signIn(page);
      for (const { path, ready } of DEEP_LINKS) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByText(ready).first(), path).toBeVisible();
      }

      // A push makes a build whose one step streams a line every quarter second for 15 s.
      const pushed = await page.request.post(`${REAL_DRONE_SCM}/_control/push`, {
        data: { repo: 'acme/slow', message: `Through ${front}` },
      });
      expect(pushed.ok()).toBe(true);
      await page.goto('/acme/slow');
      await page.getByRole('link', { name: new RegExp(`Through ${front}`) }).click();
      await waitForLiveLines(page);

      await signOutByLoading(page);
    });
  });
}
