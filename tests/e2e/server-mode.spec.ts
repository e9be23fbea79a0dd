import { expect, test } from './fixtures';

// Issue 2: `DRONE_SERVER=... npm start` runs the console against a real server instead of the
// in-browser mock. tests/e2e/servers.ts builds such a console and points it at the standalone mock.

test('signs in through the server and shows its repositories', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('link', { name: 'Continue' }).click();
  // The provider sign-in of the standalone mock is the console's sign-in form.
  await expect(page).toHaveURL(/\/login\/form$/);
  await page.getByLabel(/username/i).fill('member');
  await page.getByLabel(/password/i).fill('member');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: /acme\/api/ }).first()).toBeVisible();
});

test('/login says where it redirects from its first frame, before its code arrives', async ({
  page,
}) => {
  // docs/spec.md 2.1: only 'Redirecting to {provider} Auth...', never a blank page or 'Loading...'.
  // The welcome page's Continue opens the console's /login (a full load of /login is the server's).
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(/LoginRedirectPage/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/welcome');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Redirecting to \S.* Auth\.\.\.$/);
  await expect(page.getByText('Loading')).toHaveCount(0);
  arrive();
  await expect(page).toHaveURL(/\/login\/form$/);
});

test('an administrator reads the standalone mock queue: why the arm64 stage waits', async ({
  page,
}) => {
  await page.goto('/login/form');
  await page.getByLabel(/username/i).fill('admin');
  await page.getByLabel(/password/i).fill('admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/settings/queue');
  const pending = page.getByRole('table', { name: 'Pending stages' });
  await expect(
    pending.getByTestId('pending-stage').filter({ hasText: 'linux/arm64' }),
  ).toContainText('no stage for linux/arm64 was picked up in the last hour');
  await expect(page.getByRole('table', { name: 'By platform' })).toBeVisible();
});
