import { expect, test } from '../../e2e/fixtures';
import { stepConsole } from '../../e2e/stepConsole';

// Against a real Drone: the sign-in form posts to Drone's /login, which asks the (stand-in) Gogs
// server for a token and sets the session cookie; the console then lists what Drone synced.
test('signs in through Drone’s form and lists the synced repositories', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login\/form$/);
  // The serve command's config.json names Drone's provider.
  await expect(page.getByText('Sign in using your Gogs credentials.')).toBeVisible();
  await page.getByLabel(/username/i).fill('member');
  await page.getByLabel(/password/i).fill('member');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: /acme\/api/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /acme\/protected/ })).toHaveCount(0);
});

// Drone answers a refused sign-in with a redirect to /login/error?message=Unauthorized
// (go-login's Gogs handler): the console's error page shows Drone's message (docs/spec.md 2.11).
test('a wrong password lands on the login error page with Drone’s message', async ({ page }) => {
  await page.goto('/login/form');
  await page.getByLabel(/username/i).fill('member');
  await page.getByLabel(/password/i).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\/error\?message=Unauthorized$/);
  await expect(page.getByText('Unauthorized', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
});

// docs/spec.md 2.1 and 6: anyone may read a public repository's pages; Drone serves them to a
// visitor without a session (acl.CheckReadAccess passes public repositories).
test('an anonymous visitor reads a public repository, its build and its log', async ({ page }) => {
  await page.goto('/acme/api');
  await expect(page.getByRole('heading', { name: 'api' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Click to sign in or sign up.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Build' })).toHaveCount(0);
  await page.goto('/acme/api/1/1/1');
  await expect(page.getByRole('heading', { name: 'Add the greeting step' })).toBeVisible();
  await expect(stepConsole(page).getByTestId('console-footer')).toHaveText('Exit Code 0');
  await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);
  // A private repository is not found for a visitor.
  await page.goto('/acme/web');
  await expect(
    page.getByRole('heading', {
      name: 'We are sorry, the resource you requested cannot be found.',
    }),
  ).toBeVisible();
});
