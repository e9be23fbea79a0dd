import { REAL_DRONE_SCM } from '../../e2e/servers';
import { drone, expect, settled, signInWithForm, test, type DroneBuild } from './drone';

// The dashboard, its account sync, the search drawer, activating a repository and signing out,
// against a real Drone (docs/spec.md 2.3, 2.4, 2.10, 2.12, 4.6, 4.7), as the administrator.

test('lists what Drone synced, with recent activity, and filters it', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Dashboard - Drone');
  // The seed built acme/api, acme/web and acme/protected: each has a latest build.
  const recent = page.getByRole('region', { name: 'Recent Activity' });
  for (const slug of ['acme/api', 'acme/web', 'acme/protected']) {
    await expect(recent.getByRole('link', { name: new RegExp(slug) })).toBeVisible();
  }
  const list = page.getByRole('list', { name: 'Repositories' });
  // octocat/hello-world is not activated: it links to its settings.
  await expect(list.getByRole('link', { name: /octocat\/hello-world/ })).toHaveAttribute(
    'href',
    /\/octocat\/hello-world(\/settings)?$/,
  );
  await page.getByRole('combobox', { name: 'Organization' }).selectOption('acme');
  await page.getByPlaceholder('Filter …').fill('SLOW');
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list.getByRole('link')).toHaveAttribute('href', '/acme/slow');
});

test('Sync asks Drone to sync the account, then shows Sync again', async ({ page }) => {
  await page.goto('/');
  const sync = page.getByRole('button', { name: 'Sync', exact: true });
  await expect(sync).toBeEnabled();
  const started = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().includes('/api/user/repos'),
  );
  await sync.click();
  // Drone answers an asynchronous sync 204 and syncs in the background.
  expect((await started).status()).toBe(204);
  await expect(page.getByRole('button', { name: 'Sync', exact: true })).toBeEnabled();
  await expect(page.getByText('Sync error has occurred, please, try again')).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Repositories' }).getByRole('link', { name: /acme\/api/ }),
  ).toBeVisible();
});

test('searches a repository and opens it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  const drawer = page.getByRole('dialog', { name: 'Search repositories' });
  const input = drawer.getByRole('searchbox', { name: 'Search repositories' });
  await input.fill('  ACME/we ');
  const result = drawer
    .getByRole('region', { name: 'Search results' })
    .getByRole('link', { name: /acme\/web/ });
  await expect(result).toContainText('Found "ACME/we" in Repositories');
  await result.click();
  await expect(page).toHaveURL(/\/acme\/web$/);
  await expect(page.getByRole('heading', { name: 'web' })).toBeVisible();

  await page.getByRole('button', { name: 'Search' }).click();
  await drawer.getByRole('searchbox').fill('nothing-like-this');
  await expect(drawer.getByText('Repos not found')).toBeVisible();
});

test('activates octocat/hello-world, then disables it again', async ({ page }) => {
  // Not activated by the seed; a run before this one may have left it active.
  const repo = await drone<{ active: boolean }>('GET', '/api/repos/octocat/hello-world');
  if (repo.active) await drone('DELETE', '/api/repos/octocat/hello-world');

  await page.goto('/octocat/hello-world');
  await expect(page).toHaveURL(/\/octocat\/hello-world\/settings$/);
  await expect(page.getByText('This Repository is not Active.')).toBeVisible();
  await page.getByRole('button', { name: 'Activate Repository' }).click();
  await expect(page.getByText('Repo has been successfully enabled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  expect(await drone('GET', '/api/repos/octocat/hello-world')).toMatchObject({ active: true });
  const builds = page.getByRole('navigation', { name: 'Repository' }).getByRole('link', {
    name: 'Builds',
  });
  await builds.click();
  await expect(page.getByText('Your Build List is Empty.')).toBeVisible();

  await page.goto('/octocat/hello-world/settings');
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Are you sure you want to disable this repo?')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: /Disable|Confirm|OK/ })
    .click();
  await expect(page.getByText('Repo has been disabled')).toBeVisible();
  await expect(page.getByText('This Repository is not Active.')).toBeVisible();
  expect(await drone('GET', '/api/repos/octocat/hello-world')).toMatchObject({ active: false });
});

test.describe('signing out', () => {
  // A session of its own, signed in through the form in the test, so signing out ends only it.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('signs out from the account page, and Drone no longer knows the browser', async ({
    page,
  }) => {
    await signInWithForm(page, 'member');
    await page.goto('/account');
    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/logout$/);
    await expect(
      page.getByRole('heading', { name: 'Your session has been successfully terminated.' }),
    ).toBeVisible();
    expect((await page.request.get('/api/user')).status()).toBe(401);
    await page.goto('/');
    await expect(page).toHaveURL(/\/welcome$/);
  });
});

test('the dashboard follows a pushed build live, from running to passed', async ({ page }) => {
  await page.goto('/');
  const recent = page.getByRole('region', { name: 'Recent Activity' });
  await expect(recent.getByRole('link', { name: /acme\/api/ })).toBeVisible();
  const message = `Dashboard ${Date.now().toString(36)}`;
  const response = await fetch(`${REAL_DRONE_SCM}/_control/push`, {
    method: 'POST',
    body: JSON.stringify({ repo: 'acme/live', message }),
  });
  expect(response.ok).toBe(true);
  const { sha } = (await response.json()) as { sha: string };
  // Drone's global event stream carries the repository with its new build: no reload.
  const card = recent.getByRole('link', { name: new RegExp(message) });
  await expect(card).toBeVisible();
  // Once Drone says the build passed (on a busy machine its runner may take longer than a wait
  // for the page would), the card says so too, from the stream's next event.
  const builds = await drone<DroneBuild[]>('GET', '/api/repos/acme/live/builds?per_page=50');
  const pushed = builds.find((build) => build.after === sha);
  expect(pushed).toBeDefined();
  await settled('acme/live', pushed!.number, ['success']);
  await expect(card.locator('[data-status]').first()).toHaveAttribute('data-status', 'success');
});
