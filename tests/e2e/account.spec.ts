import { expect, openMock, test } from './fixtures';

// The account page (docs/spec.md 2.10): the personal token and the usage snippets, each copyable.

test('copies the personal token; the button reads Copied for 2 seconds', async ({ page }) => {
  await openMock(page, '/account');
  await expect(page).toHaveTitle('Account - Drone');
  const tokenCard = page.getByRole('region', { name: 'Your Personal Token' });
  const token = (await tokenCard.locator('code').textContent())?.trim() ?? '';
  expect(token).toMatch(/^[A-Za-z0-9]{32}$/);

  const copy = tokenCard.getByRole('button', { name: 'Copy token' });
  await copy.click();
  await expect(copy).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expect(copy).toHaveText('Copy');
});

test('the API and CLI examples use the server origin and the token', async ({ page }) => {
  await openMock(page, '/account');
  const origin = new URL(page.url()).origin;
  const tokenCard = page.getByRole('region', { name: 'Your Personal Token' });
  const token = (await tokenCard.locator('code').textContent())?.trim() ?? '';

  const api = page.getByRole('region', { name: 'Example API Usage' });
  await expect(api).toContainText(`curl -i ${origin}/api/user`);
  await expect(api).toContainText(`-H "Authorization: Bearer ${token}"`);

  const cli = page.getByRole('region', { name: 'Example CLI Usage' });
  await expect(cli).toContainText(`export DRONE_SERVER=${origin}`);
  await expect(cli).toContainText(`export DRONE_TOKEN=${token}`);
  await expect(cli).toContainText('drone info');

  await cli.getByRole('button', { name: 'Copy CLI example' }).click();
  await expect(cli.getByRole('button', { name: 'Copy CLI example' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `export DRONE_SERVER=${origin}\nexport DRONE_TOKEN=${token}\ndrone info`,
  );

  // The token is the one the API accepts.
  const login = await page.evaluate(
    (bearer) =>
      fetch('/api/user', { headers: { Authorization: `Bearer ${bearer}` }, credentials: 'omit' })
        .then((response) => response.json())
        .then((user: { login: string }) => user.login),
    token,
  );
  expect(login).toBe('admin');
});
