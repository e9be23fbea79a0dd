import type { Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';

// Shell behaviour (docs/spec.md 2.1, 2.5): not-found, page titles, trailing slashes, license banners.

const UNKNOWN = '/this/path/does-not/exist/anywhere';
const NOT_FOUND = 'We are sorry, the resource you requested cannot be found.';

async function signOut(page: Page): Promise<void> {
  await openMock(page, '/logout');
  await expect(
    page.getByRole('heading', { name: 'Your session has been successfully terminated.' }),
  ).toBeVisible();
}

test('an unknown path shows the not-found page without Sign In when signed in', async ({
  page,
}) => {
  await openMock(page, UNKNOWN);
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
  await expect(page.getByText("That's all we know.")).toBeVisible();
  // Once the session is known (the avatar shows), there is still no Sign In.
  await expect(page.getByRole('link', { name: 'Account settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0);
  await expect(page).toHaveTitle('Not Found - Drone');
});

test('an unknown path offers Sign In when signed out', async ({ page }) => {
  await signOut(page);
  await page.goto(UNKNOWN);
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Click to sign in or sign up.' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});

test("a private repository's build offers Sign In when signed out, not 'Unauthorized'", async ({
  page,
}) => {
  // Drone answers a signed-out visitor of a private repository 401 Unauthorized (docs/drone-api.md 1.4).
  await signOut(page);
  await page.goto('/acme/api/1');
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
  await expect(page.getByText('Unauthorized')).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});

test('each page sets its document title', async ({ page }) => {
  // Eight full page loads, each starting the app and the mock afresh.
  test.slow();
  await openMock(page, '/');
  await expect(page).toHaveTitle('Dashboard - Drone');
  const titles: Array<[string, string]> = [
    ['/account', 'Account - Drone'],
    ['/welcome', 'Welcome - Drone'],
    ['/login/form', 'Sign In - Drone'],
    ['/login/error', 'Login Error - Drone'],
    ['/register', 'Register - Drone'],
    [UNKNOWN, 'Not Found - Drone'],
    ['/logout', 'Logout - Drone'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

test('a trailing slash is redirected to the path without it', async ({ page }) => {
  await openMock(page, '/account/');
  await expect(page).toHaveURL(/\/account\?scenario=demo$|\/account$/);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await page.goto('/welcome/');
  await expect(page).toHaveURL(/\/welcome$/);
});

test('license banners: expired', async ({ page }) => {
  await openMock(page, '/?license=expired');
  const banner = page.getByRole('alert').filter({ hasText: 'Your Server License is Expired.' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Learn more' })).toBeVisible();
  await expect(page.getByText('Your License Limit is Exceeded.')).toHaveCount(0);
});

test('license banners: limit exceeded', async ({ page }) => {
  await openMock(page, '/?license=exceeded');
  const banner = page.getByRole('alert').filter({ hasText: 'Your License Limit is Exceeded.' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Learn more' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Purchase License' })).toBeVisible();
  await expect(page.getByText('Your Server License is Expired.')).toHaveCount(0);
});
