import type { Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';

// docs/spec.md 2.12 / 4.6: repository settings on the demo scenario of the in-browser mock server.
// The demo starts signed in as `admin` (a system administrator).

async function signInAsMember(page: Page) {
  await openMock(page, '/login/form');
  await page.getByLabel('Username').fill('member');
  await page.getByLabel('Password').fill('member');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

const settingsNav = (page: Page) => page.getByRole('navigation', { name: 'Settings' });

test('a repository admin activates an inactive repository', async ({ page }) => {
  await signInAsMember(page);
  // acme/mobile: inactive, and the member is its repository admin.
  await page.goto('/acme/mobile/settings');
  await expect(page.getByText('This Repository is not Active.')).toBeVisible();
  await expect(
    page.getByText('Please activate your repository to begin executing pipelines.'),
  ).toBeVisible();
  await expect(settingsNav(page)).toHaveCount(0);
  await expect(page).toHaveTitle('Settings - acme/mobile');

  await page.getByRole('button', { name: 'Activate Repository' }).click();
  await expect(page.getByText('Repo has been successfully enabled')).toBeVisible();
  await expect(settingsNav(page).getByRole('link', { name: 'General' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  // The header follows: repository navigation is enabled again.
  await expect(
    page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: 'Builds' }),
  ).toBeVisible();
});

test('a member without admin permission is asked to contact the administrator', async ({
  page,
}) => {
  await signInAsMember(page);
  // octocat/linguist: public and inactive; the member has no permission row.
  await page.goto('/octocat/linguist/settings');
  await expect(page.getByText('This Repository is not Active.')).toBeVisible();
  await expect(
    page.getByText('Please contact the repository administrator to activate this repository.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate Repository' })).toHaveCount(0);
  await expect(settingsNav(page)).toHaveCount(0);
});

test('visibility and timeout persist after a reload', async ({ page }) => {
  await openMock(page, '/acme/payments/settings');
  const internal = page.getByRole('radio', { name: /Internal/ });
  await expect(internal).not.toBeChecked();
  await internal.check();
  // docs/spec.md 9: values over 90 minutes read in hours.
  await page.getByLabel('Timeout').selectOption({ label: '2 hours' });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Changes have been saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('radio', { name: /Internal/ })).toBeChecked();
  await expect(page.getByLabel('Timeout')).toHaveValue('120');
  await expect(page.getByLabel('Timeout').locator('option:checked')).toHaveText('2 hours');
});

test('adds and deletes a repository secret; a bad name shows the server message', async ({
  page,
}) => {
  await openMock(page, '/acme/web/settings/secrets');
  await page.getByRole('button', { name: 'New Secret' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Secret' });
  await dialog.getByPlaceholder('Secret Name').fill('bad name');
  await dialog.getByLabel('Value').fill('hunter2');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Unable to add secret: Invalid Secret Name')).toBeVisible();

  await dialog.getByPlaceholder('Secret Name').fill('deploy_key');
  await dialog.getByLabel('Allow Pull Requests').check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Secret has been added successfully')).toBeVisible();
  const row = page.getByRole('row', { name: /deploy_key/ });
  await expect(row.getByRole('cell', { name: 'Enabled' })).toBeVisible();

  await row.getByRole('button', { name: 'Delete deploy_key' }).click();
  await expect(page.getByText('Are you sure you want to delete this secret?')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Secret has been removed successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /deploy_key/ })).toHaveCount(0);
});

test('adds and deletes an organization secret', async ({ page }) => {
  await openMock(page, '/acme/web/settings/org-secrets');
  await page.getByRole('button', { name: 'New Organization Secret' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Organization Secret' });
  await dialog.getByPlaceholder('Secret Name').fill('org_token');
  await dialog.getByLabel('Value').fill('s3cret');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Organization secret has been added successfully')).toBeVisible();
  const row = page.getByRole('row', { name: /org_token/ });
  await expect(row.getByRole('cell', { name: 'Disabled' })).toBeVisible();

  await row.getByRole('button', { name: 'Delete org_token' }).click();
  await expect(
    page.getByText('Are you sure you want to delete this organization secret?'),
  ).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Organization secret has been removed successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /org_token/ })).toHaveCount(0);
});

test('adds and deletes a cron job (an empty branch is master)', async ({ page }) => {
  await openMock(page, '/acme/web/settings/cron');
  await page.getByRole('button', { name: 'New Cron Job' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Cron Job' });
  await expect(dialog.getByLabel('Schedule')).toHaveValue('@hourly');
  await dialog.getByLabel('Name').fill('nightly');
  await dialog.getByLabel('Schedule').selectOption('@daily');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Cron has been added successfully')).toBeVisible();
  const row = page.getByRole('row', { name: /nightly/ });
  await expect(row.getByRole('cell', { name: 'master' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '@daily' })).toBeVisible();
  await expect(row.locator('time')).toHaveText(/^in /);

  await row.getByRole('button', { name: 'Delete nightly' }).click();
  await expect(page.getByText('Are you sure you want to remove cron job?')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Cron has been removed successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /nightly/ })).toHaveCount(0);
});

test('adds, edits and deletes a template', async ({ page }) => {
  await openMock(page, '/acme/web/settings/templates');
  await page.getByRole('button', { name: 'New Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Template' });
  const editor = dialog.getByRole('textbox', { name: 'Template content' });
  await expect(editor).toContainText('kind: pipeline');
  // Changing the extension replaces the content with that extension's example.
  await dialog.getByLabel('Extension').selectOption('.starlark');
  await expect(editor).toContainText('def main(ctx):');
  await dialog.getByLabel('Name').fill('e2e');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Template has been added successfully')).toBeVisible();
  const row = page.getByRole('row', { name: /e2e\.starlark/ });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Edit e2e.starlark' }).click();
  const edit = page.getByRole('dialog', { name: 'e2e.starlark' });
  const content = edit.getByRole('textbox', { name: 'Template content' });
  await expect(content).toContainText('def main(ctx):');
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('# edited by e2e');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Template has been edited successfully')).toBeVisible();
  await row.getByRole('button', { name: 'Edit e2e.starlark' }).click();
  await expect(
    page.getByRole('dialog', { name: 'e2e.starlark' }).getByRole('textbox'),
  ).toContainText('# edited by e2e');
  await page
    .getByRole('dialog', { name: 'e2e.starlark' })
    .getByRole('button', { name: 'Cancel' })
    .click();

  await row.getByRole('button', { name: 'Delete e2e.starlark' }).click();
  await expect(page.getByText('Are you sure you want to remove template?')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Template has been removed successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /e2e\.starlark/ })).toHaveCount(0);
});

test('copies a badge snippet for a branch', async ({ page, baseURL }) => {
  await openMock(page, '/acme/web/settings/badges');
  const snippet = page.getByTestId('badge-snippet');
  await expect(snippet).toHaveText(/^\[!\[Build Status\]/);
  await page.getByLabel('Branch').fill(' main ');
  await page.getByLabel('Syntax').selectOption({ label: 'Markup' });
  const expected = `<a href="${baseURL}/acme/web"><img src="${baseURL}/api/badges/acme/web/status.svg?ref=refs/heads/main" /></a>`;
  await expect(snippet).toHaveText(expected);
  await expect(page.getByRole('img', { name: 'Build status badge' })).toHaveAttribute(
    'src',
    `${baseURL}/api/badges/acme/web/status.svg?ref=refs/heads/main`,
  );

  const copy = page.getByRole('button', { name: 'Copy snippet' });
  await copy.click();
  await expect(copy).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  // New options reset the indicator.
  await page.getByLabel('Syntax').selectOption({ label: 'CCMenu' });
  await expect(snippet).toHaveText(`${baseURL}/api/badges/acme/web/cc.xml`);
  await expect(page.getByRole('button', { name: 'Copy snippet' })).toHaveText('Copy');
});
