import { expect, openMock, test } from './fixtures';

// The dark theme (src/machines/shell/theme.machine.ts): it follows prefers-color-scheme, the toggle in
// the sidebar and in the header layout picks the other theme, and the choice survives a reload.

const html = (page: import('@playwright/test').Page) => page.locator('html');

test('follows the system preference, live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openMock(page, '/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(html(page)).toHaveCSS('color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).toHaveCSS('color-scheme', 'light');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(246, 248, 250)');
});

test('the sidebar toggle switches theme and remembers it across reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openMock(page, '/');
  const toggle = page.getByRole('navigation', { name: 'Main' }).getByRole('button', {
    name: 'Dark theme',
  });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(13, 17, 23)');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(html(page)).toHaveCSS('color-scheme', 'dark');
  // Back to the system's light theme: the choice is forgotten, the system is followed again.
  await page.getByRole('button', { name: 'Dark theme' }).click();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
});

test('the header layout of the settings pages has the toggle too', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openMock(page, '/settings/users');
  await page.getByRole('banner').getByRole('button', { name: 'Dark theme' }).click();
  await expect(html(page)).toHaveCSS('color-scheme', 'dark');
});

// Issue 29 item 12: a disabled switch is not one that is merely off.
test('in the dark, a disabled switch looks unlike an enabled one that is off', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openMock(page, '/acme/api/settings');
  const disabled = page.getByRole('switch', { disabled: true }).first();
  await expect(disabled).toBeVisible();
  const off = page.getByRole('switch', { checked: false, disabled: false }).first();
  const looks = (element: Element) => {
    const track = getComputedStyle(element);
    const knob = getComputedStyle(element, '::after');
    return {
      track: `${track.backgroundColor} ${track.boxShadow}`,
      knob: `${knob.backgroundColor} ${knob.boxShadow}`,
    };
  };
  const [a, b] = [await disabled.evaluate(looks), await off.evaluate(looks)];
  expect(a.track).not.toBe(b.track);
  expect(a.knob).not.toBe(b.knob);
});
