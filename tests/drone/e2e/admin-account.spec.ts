import type { Page } from '@playwright/test';
import { DRONE_TOKENS } from '../seed';
import { confirm, drone, expect, test, uniqueName } from './drone';

// The account page and system administration against a real Drone (docs/spec.md 2.10, 2.13),
// as the administrator; the users each test creates have names of its own.

const userRow = (page: Page, login: string) =>
  page.getByRole('row', { name: new RegExp(`\\b${login}\\b`) });

test('the account page shows the token Drone issued, and Drone accepts it', async ({ page }) => {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  const tokenCard = page.getByRole('region', { name: 'Your Personal Token' });
  // Drone answers POST /api/user/token with the user's token (the admin's, set at start).
  await expect(tokenCard.locator('code')).toHaveText(DRONE_TOKENS.admin);
  await tokenCard.getByRole('button', { name: 'Copy token' }).click();
  await expect(tokenCard.getByRole('button', { name: 'Copy token' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DRONE_TOKENS.admin);

  const origin = new URL(page.url()).origin;
  const cli = page.getByRole('region', { name: 'Example CLI Usage' });
  await expect(cli).toContainText(`export DRONE_SERVER=${origin}`);
  await expect(cli).toContainText(`export DRONE_TOKEN=${DRONE_TOKENS.admin}`);
  // The example API call works as written, through the console's origin.
  const login = await page.evaluate(
    (token) =>
      fetch('/api/user', { headers: { Authorization: `Bearer ${token}` }, credentials: 'omit' })
        .then((response) => response.json())
        .then((user: { login: string }) => user.login),
    DRONE_TOKENS.admin,
  );
  expect(login).toBe('admin');
});

test('creates a user, makes them admin, and deletes them', async ({ page }) => {
  const login = uniqueName('dana').replace(/_/g, '-');
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/users$/);
  await expect(userRow(page, 'member')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit admin' })).toHaveCount(0);

  await page.getByRole('button', { name: 'New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'New User' });
  await dialog.getByLabel('Login').fill('bad login');
  await dialog.getByLabel('Email').fill('bad@example.com');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.getByText('Unable to create new user: Invalid character in username'),
  ).toBeVisible();
  await dialog.getByLabel('Login').fill(` ${login} `);
  await dialog.getByLabel('Email').fill(`${login}@example.com`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('New user has been created successfully')).toBeVisible();
  await expect(userRow(page, login).getByRole('cell', { name: 'Member' })).toBeVisible();
  // Never signed in: Drone's last_login is 0, shown blank (docs/spec.md 2.13).
  const header = await page.getByRole('columnheader').allTextContents();
  const lastLogin = userRow(page, login).getByRole('cell').nth(header.indexOf('Last Login'));
  await expect(lastLogin).toHaveText('');

  await page.getByRole('button', { name: `Edit ${login}` }).click();
  const edit = page.getByRole('dialog', { name: login });
  await expect(edit.getByLabel('Machine User')).toBeDisabled();
  await edit.getByLabel('Admin User').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User settings have been updated')).toBeVisible();
  await page.reload();
  await expect(userRow(page, login).getByRole('cell', { name: 'Admin' })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${login}` }).click();
  await page.getByRole('dialog', { name: login }).getByRole('button', { name: 'Delete' }).click();
  await confirm(page, 'Are you sure you want to delete this user?');
  await expect(page.getByText('User has been deleted successfully')).toBeVisible();
  await expect(userRow(page, login)).toHaveCount(0);
  const users = await drone<{ login: string }[]>('GET', '/api/users');
  expect(users.map((user) => user.login)).not.toContain(login);
});

test('creates a machine user, whose token Drone shows once and accepts', async ({ page }) => {
  const login = uniqueName('deployer').replace(/_/g, '-');
  await page.goto('/settings/users');
  await page.getByRole('button', { name: 'New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'New User' });
  await dialog.getByLabel('Login').fill(login);
  await dialog.getByLabel('Email').fill(`${login}@example.com`);
  await dialog.getByLabel('Machine User').check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  const token = page.getByTestId('machine-token');
  await expect(token).toHaveText(/^\w{32}$/);
  const machineToken = (await token.textContent()) ?? '';
  const user = await page.evaluate(
    (bearer) =>
      fetch('/api/user', { headers: { Authorization: `Bearer ${bearer}` }, credentials: 'omit' })
        .then((response) => response.json())
        .then((found: { login: string; machine: boolean }) => found),
    machineToken,
  );
  expect(user).toMatchObject({ login, machine: true });
  await page.getByText('Close', { exact: true }).click();
  await expect(userRow(page, login).getByRole('cell', { name: 'Machine' })).toBeVisible();
  await drone('DELETE', `/api/users/${login}`);
});
