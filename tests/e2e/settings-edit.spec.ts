import type { Locator, Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';

// Issue 19 item 5: secrets, organization secrets and cron jobs edited in place, on the demo scenario
// of the in-browser mock server (signed in as `admin`).

/** Opens the settings `section` of acme/web, waits for the row of `name` to show `cell`, and opens its edit dialog. */
async function openEdit(page: Page, section: string, name: string, cell: string) {
  await openMock(page, `/acme/web/settings/${section}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell', { name: cell })).toBeVisible();
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  return { row, dialog: page.getByRole('dialog', { name }) };
}

/** After a reload, the row of `name` shows `cell`: the server kept the change. */
async function expectKeptAfterReload(page: Page, name: string, cell: string) {
  await page.reload();
  await expect(
    page.getByRole('row', { name: new RegExp(name) }).getByRole('cell', { name: cell }),
  ).toBeVisible();
}

/** Clicks the dialog's Update; returns the body of the PATCH it sent to a path ending in `suffix`. */
async function update(page: Page, dialog: Locator, suffix: string) {
  const patch = page.waitForRequest(
    (request) => request.method() === 'PATCH' && request.url().endsWith(suffix),
  );
  await dialog.getByRole('button', { name: 'Update' }).click();
  return (await patch).postDataJSON() as Record<string, unknown>;
}

test('edits a repository secret: its pull-request flag, then its value', async ({ page }) => {
  const { row, dialog } = await openEdit(page, 'secrets', 'npm_token', 'Disabled');
  // The server never returns a value: the form starts empty, and empty keeps the current one.
  await expect(dialog.getByLabel('Value')).toHaveValue('');
  await dialog.getByLabel('Allow Pull Requests').check();
  const secretPath = '/api/repos/acme/web/secrets/npm_token';
  expect(await update(page, dialog, secretPath)).toEqual({ pull_request: true });
  await expect(page.getByText('Secret has been updated successfully')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Enabled' })).toBeVisible();

  await row.getByRole('button', { name: 'Edit npm_token' }).click();
  await expect(dialog.getByLabel('Allow Pull Requests')).toBeChecked();
  await dialog.getByLabel('Value').fill('npm_new-token');
  expect(await update(page, dialog, secretPath)).toEqual({
    data: 'npm_new-token',
    pull_request: true,
  });
  await expect(dialog).toHaveCount(0);

  await expectKeptAfterReload(page, 'npm_token', 'Enabled');
});

test('edits an organization secret', async ({ page }) => {
  const { dialog } = await openEdit(page, 'org-secrets', 'sonar_token', 'Enabled');
  await dialog.getByLabel('Allow Pull Requests').uncheck();
  expect(await update(page, dialog, '/api/secrets/acme/sonar_token')).toEqual({
    pull_request: false,
  });
  await expect(page.getByText('Organization secret has been updated successfully')).toBeVisible();

  await expectKeptAfterReload(page, 'sonar_token', 'Disabled');
});

test("edits a cron job's branch and expression, previewing the next runs", async ({ page }) => {
  const { row, dialog } = await openEdit(page, 'cron', 'weekly-deps', '@weekly');
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

  // The parser's problem in words while typing, and no Update until the expression is valid.
  await expression.fill('0 30 25 * * mon-fri');
  await expect(preview).toHaveText('hours must be 0-23, got 25');
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
  await expression.fill('0 30 9 * * mon-fri');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Cron has been updated successfully')).toBeVisible();
  await expect(row.getByRole('cell', { name: '0 30 9 * * mon-fri' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'develop' })).toBeVisible();

  await expectKeptAfterReload(page, 'weekly-deps', '0 30 9 * * mon-fri');
  const reloaded = page.getByRole('row', { name: /weekly-deps/ });
  await expect(reloaded.getByRole('cell', { name: 'develop' })).toBeVisible();
  await expect(reloaded.locator('time')).toHaveText(/^(in |tomorrow)/);
});
