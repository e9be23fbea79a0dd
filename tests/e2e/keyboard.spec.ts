import type { Locator, Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';
import { distanceToBottom, stepConsole } from './stepConsole';

// Keyboard first (issue 19 item 2): the command palette (Ctrl+K, '/'), the shortcuts help ('?'),
// the build page's keys and the actions menu, on the in-browser mock's demo scenario (signed in
// as the administrator). acme/api #19 1/4 is a finished 267-line log; acme/api #23 1/4 streams.

const scrollTop = (console: Locator) =>
  console.getByTestId('virtuoso-scroller').evaluate((element) => element.scrollTop);

async function dashboard(page: Page) {
  await openMock(page, '/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

test('Ctrl+K opens the palette; Enter opens the first match', async ({ page }) => {
  await dashboard(page);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const field = palette.getByRole('searchbox');
  await expect(field).toBeFocused();
  await field.fill('octocat/hello');
  await expect(
    palette.getByRole('link', { name: /octocat\/hello-world Repository/ }),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/octocat\/hello-world$/);
  await expect(palette).toHaveCount(0);

  // Escape closes it, even from a field with text in it.
  await page.keyboard.press('Control+k');
  await palette.getByRole('searchbox').fill('acme');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
});

test("'/' opens the palette, which runs commands; '/' in a field is text", async ({ page }) => {
  await dashboard(page);
  await page.getByRole('button', { name: 'Search' }).click();
  const drawer = page.getByRole('dialog', { name: 'Search repositories' });
  await drawer.getByRole('searchbox').pressSequentially('acme/');
  await expect(drawer.getByRole('searchbox')).toHaveValue('acme/');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  await page.locator('body').press('/');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('searchbox').fill('account');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account$/);
});

test('a repository page offers New build in the palette while it is shown', async ({ page }) => {
  await openMock(page, '/acme/api');
  await expect(page.getByText('Executions').first()).toBeVisible();
  // The page offered its command before the palette's code was loaded (paletteOffers.ts).
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('searchbox').fill('new build');
  await expect(palette.getByRole('button', { name: /New build on acme\/api/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  const dialog = page.getByRole('dialog', { name: 'New Build' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Another page: the offer is withdrawn.
  await page.keyboard.press('Control+k');
  await palette.getByRole('searchbox').fill('go to dashboard');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await palette.getByRole('searchbox').fill('build');
  await expect(palette.getByRole('link', { name: /Go to builds feed/ })).toBeVisible();
  await expect(palette.getByRole('button', { name: /New build on/ })).toHaveCount(0);
});

test("'?' lists every shortcut", async ({ page }) => {
  await dashboard(page);
  await page.locator('body').press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  for (const keys of ['Ctrl+K / ⌘K', 'j / ↓', 'g g', 'G', 'f', 't']) {
    await expect(help.getByRole('cell', { name: keys, exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
});

test('build page: j/k and arrows move between steps, t timestamps, G and g g the log ends', async ({
  page,
}) => {
  await openMock(page, '/acme/api/19/1/4');
  const console = stepConsole(page);
  await expect(console.locator('[data-pos]').first()).toBeVisible();
  const body = page.locator('body');

  await body.press('G');
  await expect.poll(() => distanceToBottom(console)).toBeLessThan(25);
  await body.press('g');
  await body.press('g');
  await expect.poll(() => scrollTop(console)).toBe(0);

  const clock = console.getByRole('button', { name: 'Clock time' });
  const pressed = await clock.getAttribute('aria-pressed');
  await body.press('t');
  await expect(clock).not.toHaveAttribute('aria-pressed', pressed ?? '');

  await body.press('k');
  await expect(page).toHaveURL(/\/acme\/api\/19\/1\/3$/);
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/\/acme\/api\/19\/1\/4$/);
  await body.press('j');
  await expect(page).toHaveURL(/\/acme\/api\/19\/1\/5$/);
});

test('build page: f follows a running log on and off', async ({ page }) => {
  await openMock(page, '/acme/api/23/1/4');
  const console = stepConsole(page);
  const following = console.getByRole('button', { name: 'Following logs' });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await page.locator('body').press('f');
  await expect(console.getByRole('button', { name: 'Follow logs' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.locator('body').press('f');
  await expect(following).toHaveAttribute('aria-pressed', 'true');
});

test('the actions menu: focus moves in, arrows move, Escape closes and returns focus', async ({
  page,
}) => {
  await openMock(page, '/acme/api/19');
  const actions = page.getByRole('button', { name: /Actions/ });
  await expect(actions).toBeVisible();
  await actions.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Build actions' });
  await expect(menu.getByRole('menuitem', { name: 'Restart' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Promote' })).toBeFocused();
  // The admin may also delete the step's log: the last item (issue 31 item 5).
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem').last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Restart' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(actions).toBeFocused();
  await expect(actions).toHaveAttribute('aria-expanded', 'false');
  // ArrowUp opens it on the last item.
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem').last()).toBeFocused();
});
