import { expect, openMock, test } from './fixtures';

// The search drawer (docs/spec.md 2.3, 5): match, open the repository, slide out.

test('searches a repository and opens it', async ({ page }) => {
  // Opening the repository page compiles and loads its screen on the dev server.
  test.slow();
  await openMock(page, '/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Search' }).click();
  const drawer = page.getByRole('dialog', { name: 'Search repositories' });
  await expect(drawer).toBeVisible();
  const input = drawer.getByRole('searchbox', { name: 'Search repositories' });
  await expect(input).toBeFocused();

  await input.fill('  OCTO/hello ');
  const results = drawer.getByRole('region', { name: 'Search results' });
  const result = results.getByRole('link', { name: /octocat\/hello-world/ });
  await expect(result).toContainText('Found "OCTO/hello" in Repositories');
  await expect(results.getByRole('link')).toHaveCount(1);

  await result.click();
  await expect(page).toHaveURL(/\/octocat\/hello-world$/);
  await expect(drawer).toHaveCount(0);
});

test("shows 'Repos not found' and closes with Escape", async ({ page }) => {
  await openMock(page, '/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Search' }).click();
  const drawer = page.getByRole('dialog', { name: 'Search repositories' });
  await drawer.getByRole('searchbox').fill('hello/octocat');
  await expect(drawer.getByText('Repos not found')).toBeVisible();

  // The 200 ms slide-out itself is timed in the machine and view tests; too brief to poll here.
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
});
