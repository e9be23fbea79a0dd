import { readFile } from 'node:fs/promises';
import { stepConsole } from '../../e2e/stepConsole';
import { REAL_DRONE_SCM } from '../../e2e/servers';
import { buildStatus, drone, expect, pushBuild, settled, test, type DroneBuild } from './drone';

// Starting and following builds on a real Drone, whose runner (drone-runner-exec) runs them on
// this machine (docs/spec.md 2.9, 2.14, 4.3, 4.4): a new build with a parameter, a live log
// followed to its end, and a cancel. Each test starts the build it watches.

/** The build number of the build page on screen. */
const shownBuild = (url: string) => Number(/\/(\d+)(?:\/\d+\/\d+)?$/.exec(url)?.[1]);

test('a new build with a parameter runs, and its step reads the parameter', async ({ page }) => {
  await page.goto('/acme/api');
  await page.getByRole('button', { name: 'New Build' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Build' });
  await dialog.getByLabel('Branch').fill(' main ');
  await dialog.getByLabel('Parameter key').fill('GREETING');
  await dialog.getByLabel('Parameter value').fill('hello from the console');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByLabel('Parameter 1 key')).toHaveValue('GREETING');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('New build has started successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/acme\/api\/\d+/);
  const number = shownBuild(page.url());

  const created = await drone<DroneBuild>('GET', `/api/repos/acme/api/builds/${number}`);
  expect(created).toMatchObject({
    event: 'custom',
    params: { GREETING: 'hello from the console' },
  });
  // Once it has run: a page open on a running build follows it on to its next step.
  await settled('acme/api', number, ['success']);
  await page.goto(`/acme/api/${number}/1/1`);
  const console = stepConsole(page);
  await expect(console.getByText('GREETING=hello from the console', { exact: true })).toBeVisible();
  await expect(console.getByTestId('console-footer')).toHaveText('Exit Code 0');
});

test('a new build of a branch the repository lacks shows Drone’s refusal', async ({ page }) => {
  await page.goto('/acme/api');
  await page.getByRole('button', { name: 'New Build' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Build' });
  await dialog.getByLabel('Branch').fill('no-such-branch');
  await dialog.getByRole('button', { name: 'Create' }).click();
  // Drone cannot find the branch's head commit in the SCM: 404 {"message":"Not Found"}.
  await expect(page.getByText('Unable to start a new build: Not Found')).toBeVisible();
  await expect(page).toHaveURL(/\/acme\/api$/);
});

test('follows a running step’s live log to its end', async ({ page }) => {
  await page.goto('/acme/slow');
  await page.getByRole('button', { name: 'New Build' }).click();
  await page
    .getByRole('dialog', { name: 'New Build' })
    .getByRole('button', { name: 'Create' })
    .click();
  await expect(page).toHaveURL(/\/acme\/slow\/\d+/);
  const number = shownBuild(page.url());
  await page.goto(`/acme/slow/${number}/1/1`);

  const console = stepConsole(page);
  const footer = console.getByTestId('console-footer');
  // acme/slow prints 'tick 1' … 'tick 60' a quarter of a second apart, then 'stream done'.
  await expect(footer).toHaveText('Step is running...');
  await expect(console.getByText('tick 5', { exact: true })).toBeVisible();
  await expect(console.getByRole('button', { name: 'Following logs' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(console.getByText('stream done', { exact: true })).toBeVisible();
  await expect(footer).toHaveText('Exit Code 0');
  await expect(buildStatus(page)).toHaveAttribute('data-status', 'success');
  await expect(console.getByRole('button', { name: 'Download' })).toBeVisible();
  // Every line once, in order: the live lines and the stored log agree.
  const positions = await console
    .locator('[data-pos]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-pos'))));
  expect(positions).toEqual(positions.map((_, index) => positions[0]! + index));
});

test('cancels a running build', async ({ page }) => {
  const { number } = await drone<DroneBuild>('POST', '/api/repos/acme/slow/builds?branch=main');
  await settled('acme/slow', number, ['running']);
  await page.goto(`/acme/slow/${number}/1/1`);
  await expect(stepConsole(page).getByText('tick 2', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/acme/slow/${number}$`));
  await expect(buildStatus(page)).toHaveAttribute('data-status', 'killed');
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  expect((await settled('acme/slow', number, ['killed'])).status).toBe('killed');
  // The step Drone killed keeps the lines it printed (docs/spec.md 4.4).
  const console = stepConsole(page);
  await expect(console.getByTestId('console-footer')).toHaveText('Step is killed (canceled)');
  await expect(console.getByText('tick 1', { exact: true })).toBeVisible();
});

test('reads a stored log: ANSI colours, a folded group, the last 250 of 3000 lines', async ({
  page,
}) => {
  const { number } = await pushBuild('acme/api', ['success'], { message: 'Read my log' });
  await page.goto(`/acme/api/${number}/1/1`);
  const console = stepConsole(page);
  // printf '\033[32mgreen\033[0m \033[1;31mbold red\033[0m plain': spans styled, not HTML. (The
  // runner's trace of the command, echoed by sh, is coloured too: the output is the last.)
  const green = console.getByText('green', { exact: true }).last();
  await expect(green).toHaveCSS('color', 'rgb(63, 185, 80)');
  await expect(console.getByText('bold red', { exact: true }).last()).toHaveCSS(
    'font-weight',
    '700',
  );
  // '::group::Install' folds its twenty lines.
  const group = console.getByRole('button', { name: 'Install' });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(console.getByText('installing package 7', { exact: true })).toHaveCount(0);
  // At once, while react-virtuoso may still be placing its rows under the first screen's copies:
  // a click on a copy's fold works as on the row's.
  await group.click();
  await expect(console.getByText('installing package 7', { exact: true })).toBeVisible();
  await expect(console.getByTestId('console-footer')).toHaveText('Exit Code 0');

  // The test step prints 'test line 1' … 'test line 3000' and 'tests passed'.
  await page.getByRole('link', { name: /\btest\b/ }).click();
  await expect(page).toHaveURL(new RegExp(`/acme/api/${number}/1/2$`));
  await expect(console.getByText(/^Showing the last 250 of 3,0\d\d lines$/)).toBeVisible();
  await expect(console.getByText('test line 2700', { exact: true })).toHaveCount(0);
  await console.getByRole('button', { name: 'Show all logs' }).click();
  const scroller = console.getByTestId('virtuoso-scroller');
  await scroller.evaluate((element) => element.scrollTo(0, 0));
  await expect(console.getByText('test line 1', { exact: true })).toBeVisible();
  await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(console.getByText('tests passed', { exact: true })).toBeVisible();

  // The download is the whole log as Drone stored it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    console.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`logs_acme_api_${number}_1_2.log`);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).toContain('test line 1\n');
  expect(text).toContain('tests passed\n');
});

test('the builds tab shows a pushed build live, from running to passed', async ({ page }) => {
  // Pushed once Drone's event stream has answered: a build created between the list's answer and
  // the stream's first opening is in neither (the page refetches only on a reconnection).
  const streaming = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/stream',
  );
  await page.goto('/acme/slow');
  await expect(page.getByRole('heading', { name: 'slow' })).toBeVisible();
  await streaming;
  const message = `Live ${Date.now().toString(36)}`;
  const pushed = fetch(`${REAL_DRONE_SCM}/_control/push`, {
    method: 'POST',
    body: JSON.stringify({ repo: 'acme/slow', message }),
  });
  // Drone's event stream brings the build in: no reload.
  const row = page.getByRole('link', { name: new RegExp(message) });
  await expect(row).toBeVisible();
  expect((await pushed).ok).toBe(true);
  await expect(row.locator('[data-status]').first()).toHaveAttribute(
    'data-status',
    /pending|running/,
  );
  await expect(row.locator('[data-status]').first()).toHaveAttribute('data-status', 'success');
});
