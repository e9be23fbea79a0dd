import { test as base, expect, type Page } from '@playwright/test';

// Every end-to-end test fails on an uncaught page error or a console error. The browser's own
// network log lines ('Failed to load resource: ... 404') are not app errors: error paths are
// exercised on purpose, and the app reports them through its own UI.
const IGNORED = [/Failed to load resource/];

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!IGNORED.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Opens a path in mock mode on a fresh demo database (each test has its own browser context). */
export async function openMock(page: Page, path = '/', scenario = 'demo'): Promise<void> {
  const separator = path.includes('?') ? '&' : '?';
  await page.goto(`${path}${separator}scenario=${scenario}`);
}

/**
 * Loads /logout through a deployment's front: the console's page (not Drone's), which ends the
 * session at Drone (POST /logout), so a signed-in page then sends the visitor to /welcome.
 */
export async function signOutByLoading(page: Page): Promise<void> {
  const logout = await page.goto('/logout');
  expect(logout?.status()).toBe(200);
  await expect(
    page.getByRole('heading', { name: 'Your session has been successfully terminated.' }),
  ).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/welcome$/);
}
