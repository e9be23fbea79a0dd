import { expect, openMock, test } from './fixtures';

// docs/spec.md 2.13: system administration on the demo scenario (the demo starts signed in as `admin`).

test('creates a user and a machine user; a bad login shows Drone’s message', async ({ page }) => {
  await openMock(page, '/settings');
  await expect(page).toHaveURL(/\/settings\/users/);
  await expect(page.getByRole('heading', { name: 'System Administration' })).toBeVisible();
  const userRow = (login: string) => page.getByRole('row', { name: new RegExp(`\\b${login}\\b`) });
  await expect(userRow('member')).toBeVisible();
  // The signed-in administrator cannot edit their own row.
  await expect(page.getByRole('button', { name: 'Edit admin' })).toHaveCount(0);

  await page.getByRole('button', { name: 'New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'New User' });
  await dialog.getByLabel('Login').fill('bad login');
  await dialog.getByLabel('Email').fill('bad@example.com');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.getByText('Unable to create new user: Invalid character in username'),
  ).toBeVisible();

  await dialog.getByLabel('Login').fill('  dana  ');
  await dialog.getByLabel('Email').fill('dana@example.com');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('New user has been created successfully')).toBeVisible();
  await expect(userRow('dana').getByRole('cell', { name: 'User', exact: true })).toBeVisible();
  await expect(page.getByTestId('machine-token')).toHaveCount(0);

  await page.getByRole('button', { name: 'New User' }).click();
  await dialog.getByLabel('Login').fill('deployer');
  await dialog.getByLabel('Email').fill('deployer@example.com');
  await dialog.getByLabel('Machine User').check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  // The machine user's token is shown once, with a copy button.
  const token = page.getByTestId('machine-token');
  await expect(token).toHaveText(/^\w{32}$/);
  const tokenText = (await token.textContent()) ?? '';
  await page.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByRole('button', { name: 'Copy token' })).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(tokenText);
  await page.getByText('Close', { exact: true }).click();
  await expect(token).toHaveCount(0);
  await expect(userRow('deployer').getByRole('cell', { name: 'Machine' })).toBeVisible();
});

test('makes a user admin and deletes a user', async ({ page }) => {
  await openMock(page, '/settings/users');
  const userRow = (login: string) => page.getByRole('row', { name: new RegExp(`\\b${login}\\b`) });
  await expect(userRow('bob').getByRole('cell', { name: 'Member' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit bob' }).click();
  const edit = page.getByRole('dialog', { name: 'bob' });
  await expect(edit.getByLabel('Machine User')).toBeDisabled();
  await edit.getByLabel('Admin User').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User settings have been updated')).toBeVisible();
  await expect(userRow('bob').getByRole('cell', { name: 'Admin' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit alice' }).click();
  await page.getByRole('dialog', { name: 'alice' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete this user?')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('User has been deleted successfully')).toBeVisible();
  await expect(userRow('alice')).toHaveCount(0);

  // Both changes are on the server.
  await page.reload();
  await expect(userRow('bob').getByRole('cell', { name: 'Admin' })).toBeVisible();
  await expect(userRow('alice')).toHaveCount(0);
});

test('a member opening /settings gets the not-found page', async ({ page }) => {
  await openMock(page, '/login/form');
  await page.getByLabel('Username').fill('member');
  await page.getByLabel('Password').fill('member');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings');
  await expect(
    page.getByText('We are sorry, the resource you requested cannot be found.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'System Administration' })).toHaveCount(0);
});
