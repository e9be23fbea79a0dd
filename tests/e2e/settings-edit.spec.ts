import type { Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';

// Issue 19 item 5: secrets, organization secrets and cron jobs edited in place, on the demo scenario
// of the in-browser mock server (signed in as `admin`).

const FIRST_LOAD = { timeout: 30_000 };

/** The body of the next PATCH the page sends to a path ending in `suffix`. */
const nextPatch = (page: Page, suffix: string) =>
  page
    .waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith(suffix))
    .then((request) => request.postDataJSON() as Record<string, unknown>);

test('edits a repository secret: its pull-request flag, then its value', async ({ page }) => {
  await openMock(page, '/acme/web/settings/secrets');
  const row = page.getByRole('row', { name: /npm_token/ });
  await expect(row.getByRole('cell', { name: 'Disabled' })).toBeVisible(FIRST_LOAD);

  await row.getByRole('button', { name: 'Edit npm_token' }).click();
  const dialog = page.getByRole('dialog', { name: 'npm_token' });
  // The server never returns a value: the form starts empty, and empty keeps the current one.
  await expect(dialog.getByLabel('Value')).toHaveValue('');
  await dialog.getByLabel('Allow Pull Requests').check();
  const flagOnly = nextPatch(page, '/api/repos/acme/web/secrets/npm_token');
  await dialog.getByRole('button', { name: 'Update' }).click();
  expect(await flagOnly).toEqual({ pull_request: true });
  await expect(page.getByText('Secret has been updated successfully')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Enabled' })).toBeVisible();

  await row.getByRole('button', { name: 'Edit npm_token' }).click();
  await expect(dialog.getByLabel('Allow Pull Requests')).toBeChecked();
  await dialog.getByLabel('Value').fill('npm_new-token');
  const withValue = nextPatch(page, '/api/repos/acme/web/secrets/npm_token');
  await dialog.getByRole('button', { name: 'Update' }).click();
  expect(await withValue).toEqual({ data: 'npm_new-token', pull_request: true });
  await expect(dialog).toHaveCount(0);

  await page.reload();
  await expect(
    page.getByRole('row', { name: /npm_token/ }).getByRole('cell', { name: 'Enabled' }),
  ).toBeVisible(FIRST_LOAD);
});

test('edits an organization secret', async ({ page }) => {
  await openMock(page, '/acme/web/settings/org-secrets');
  const row = page.getByRole('row', { name: /sonar_token/ });
  await expect(row.getByRole('cell', { name: 'Enabled' })).toBeVisible(FIRST_LOAD);
  await row.getByRole('button', { name: 'Edit sonar_token' }).click();
  const dialog = page.getByRole('dialog', { name: 'sonar_token' });
  await dialog.getByLabel('Allow Pull Requests').uncheck();
  const patch = nextPatch(page, '/api/secrets/acme/sonar_token');
  await dialog.getByRole('button', { name: 'Update' }).click();
  expect(await patch).toEqual({ pull_request: false });
  await expect(page.getByText('Organization secret has been updated successfully')).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('row', { name: /sonar_token/ }).getByRole('cell', { name: 'Disabled' }),
  ).toBeVisible(FIRST_LOAD);
});

test("edits a cron job's branch and expression, previewing the next runs", async ({ page }) => {
  await openMock(page, '/acme/web/settings/cron');
  const row = page.getByRole('row', { name: /weekly-deps/ });
  await expect(row.getByRole('cell', { name: '@weekly' })).toBeVisible(FIRST_LOAD);
  await row.getByRole('button', { name: 'Edit weekly-deps' }).click();
  const dialog = page.getByRole('dialog', { name: 'weekly-deps' });
  await expect(dialog.getByLabel('Schedule')).toHaveValue('@weekly');
  await expect(dialog.getByTestId('schedule-preview').getByRole('listitem')).toHaveCount(3);

  await dialog.getByLabel('Branch').fill('develop');
  await dialog.getByLabel('Schedule').selectOption({ label: 'Custom expression' });
  const expression = dialog.getByLabel('Expression');
  await expression.fill('0 30 9 * * mon-fri');
  const preview = dialog.getByTestId('schedule-preview');
  await expect(preview.getByRole('listitem')).toHaveCount(3);
  // Each run at 09:30:00 UTC, on a weekday.
  for (const time of await preview.locator('time').all()) {
    const at = new Date((await time.getAttribute('datetime')) ?? '');
    expect(at.toISOString()).toMatch(/T09:30:00\.000Z$/);
    expect([1, 2, 3, 4, 5]).toContain(at.getUTCDay());
  }
  await expect(dialog.getByText(/Update deletes this job and creates it again/)).toBeVisible();

  // The parser's error while typing, and no Update until the expression is valid.
  await expression.fill('0 30 25 * * mon-fri');
  await expect(preview).toHaveText('End of range (25) above maximum (23): 25');
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
  await expression.fill('0 30 9 * * mon-fri');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Cron has been updated successfully')).toBeVisible();
  await expect(row.getByRole('cell', { name: '0 30 9 * * mon-fri' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'develop' })).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole('row', { name: /weekly-deps/ });
  await expect(reloaded.getByRole('cell', { name: '0 30 9 * * mon-fri' })).toBeVisible(FIRST_LOAD);
  await expect(reloaded.getByRole('cell', { name: 'develop' })).toBeVisible();
  await expect(reloaded.locator('time')).toHaveText(/^(in |tomorrow)/);
});
