import type { Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';

// Signing out and in (docs/spec.md 2.1, 2.11, 6) against the in-browser mock's demo scenario, where a
// fresh visitor starts signed in as the administrator and the sign-in form takes the login as
// the password.

/** Signs out through the account page's Logout link and checks the logout page. */
async function signOutFromAccount(page: Page): Promise<void> {
  await openMock(page, '/account');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(
    page.getByRole('heading', { name: 'Your session has been successfully terminated.' }),
  ).toBeVisible();
}

async function signInWithForm(page: Page, login: string, password = login): Promise<void> {
  await expect(
    page.getByRole('heading', { name: 'Sign in using your GitHub credentials.' }),
  ).toBeVisible();
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const settingsLink = (page: Page) => page.getByRole('link', { name: 'System settings' });

test("/login says only that it redirects, never 'Loading...' (docs/spec.md 2.1)", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { seenTexts: seen });
    // What each page of the visit showed, by path: /login's own, not the sign-in form's after it.
    const record = () => seen.push(`${location.pathname} ${document.body?.innerText.trim() ?? ''}`);
    new MutationObserver(record).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.goto('/login');
  // On the mock, the redirect opens the sign-in form in place.
  await expect(page).toHaveURL(/\/login\/form$/);
  await expect(page.getByRole('heading', { name: /Sign in using/ })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
  const atLogin = seen.filter((text) => text.startsWith('/login '));
  expect(atLogin.filter((text) => text.includes('Loading'))).toEqual([]);
});

test('sign out, then sign in again with the form as a member', async ({ page }) => {
  await signOutFromAccount(page);
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Drone' })).toBeVisible();
  await expect(page.getByText(/redirected to your source control management system/)).toBeVisible();

  // Continue goes to /login, which on the mock opens the sign-in form.
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login\/form$/);
  await signInWithForm(page, 'member');

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account settings' })).toBeVisible();
  await expect(settingsLink(page)).toHaveCount(0);

  // The session is the server's cookie, so it survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account settings' })).toBeVisible();
  await expect(settingsLink(page)).toHaveCount(0);
});

test('signing in as the administrator shows the settings link', async ({ page }) => {
  await signOutFromAccount(page);
  await page.goto('/login/form');
  await signInWithForm(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(settingsLink(page)).toBeVisible();
  await expect(settingsLink(page)).toHaveAttribute('href', '/settings');
});

test('a refused sign-in lands on /login/error with the server message', async ({ page }) => {
  await signOutFromAccount(page);
  await page.goto('/login/form');
  await signInWithForm(page, 'member', 'not-the-password');
  await expect(page).toHaveURL(/\/login\/error\?message=/);
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await expect(page).toHaveTitle('Login Error - Drone');
});

test('an inactive account is refused with its reason', async ({ page }) => {
  await signOutFromAccount(page);
  await page.goto('/login/form');
  await signInWithForm(page, 'inactive');
  await expect(page.getByRole('alert')).toHaveText('Account is not active');
});

test('a signed-out visitor opening / lands on /welcome', async ({ page }) => {
  await signOutFromAccount(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('link', { name: 'Continue' })).toBeVisible();
  // The sidebar is not shown on the welcome page (docs/spec.md 2.1: no header).
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('the login error page shows the default message without a query', async ({ page }) => {
  await openMock(page, '/login/error');
  await expect(page.getByRole('alert')).toHaveText(
    'An error occurred during login attempt, please, try again',
  );
});

test('shortcuts pressed while signed out do nothing, then or at the next sign-in', async ({
  page,
}) => {
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await openMock(page, '/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // The palette has run for this user (its keys listen from then on).
  await page.keyboard.press('/');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  await signOutFromAccount(page);
  // (Pressed once: a second press of Ctrl+K would close a palette the first one opened.)
  await page.keyboard.press('/');
  await expect(palette).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await page.getByRole('link', { name: 'Continue' }).click();
  await signInWithForm(page, 'member');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account settings' })).toBeVisible();
  await expect(palette).toHaveCount(0);
});
