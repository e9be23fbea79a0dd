import { expect, openMock, test } from './fixtures';

// The dashboard (docs/spec.md 2.4, 4.7): the demo's repositories, filters, and the account sync.

test('lists the repositories with recent activity and filters them', async ({ page }) => {
  await openMock(page, '/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard - Drone');
  const recent = page.getByRole('region', { name: 'Recent Activity' });
  await expect(recent.getByRole('link')).toHaveCount(6);

  const list = page.getByRole('list', { name: 'Repositories' });
  await expect(list.getByRole('link').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Organization' }).selectOption('octocat');
  await page.getByPlaceholder('Filter …').fill('HELLO');
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list.getByRole('link')).toHaveAttribute('href', '/octocat/hello-world');

  // The organization is remembered across visits; the text filter is not.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Organization' })).toHaveValue('octocat');
  await expect(page.getByPlaceholder('Filter …')).toHaveValue('');
});

test('Sync shows Syncing with a spinner, then Sync again', async ({ page }) => {
  await openMock(page, '/');
  const sync = page.getByRole('button', { name: 'Sync', exact: true });
  await expect(sync).toBeEnabled();
  await sync.click();
  await expect(page.getByRole('button', { name: 'Syncing' })).toBeDisabled();
  // The user is read again every 10000 ms; the mock's sync takes 3 s, so one poll ends it.
  await expect(page.getByRole('button', { name: 'Sync', exact: true })).toBeEnabled();
  await expect(page.getByRole('list', { name: 'Repositories' })).toBeVisible();
});
