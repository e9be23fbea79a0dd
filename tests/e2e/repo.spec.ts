import type { Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';

// The repository pages (docs/spec.md 2.5-2.8, 2.14) on the in-browser mock's demo scenario, where a
// fresh visitor is the administrator.

const executions = (page: Page) => page.getByTestId('execution');
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Repository' });
/** The first page of a test also starts the mock worker and, cold, compiles the app. */

test('an active repository shows its summary, chart and executions', async ({ page }) => {
  await openMock(page, '/acme/api');
  await expect(executions(page).first()).toBeVisible();
  await expect(page).toHaveTitle('acme/api - Drone');
  await expect(page.getByRole('heading', { level: 1, name: 'api' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Repositories' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('button', { name: 'New Build' })).toBeVisible();
  await expect(tabs(page).getByRole('link')).toHaveText([
    'Builds',
    'Branches',
    'Pull Requests',
    'Deployments',
    'Insights',
    'Settings',
  ]);

  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Total builds')).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('summary-median')).toHaveText(/^(< 1|\d+)min$/);
  await expect(page.getByTestId('summary-last-build')).toHaveText(/ago|yesterday|now/);

  const count = await executions(page).count();
  expect(count).toBeGreaterThan(1);
  await expect(page.getByTestId('chart-bar')).toHaveCount(Math.min(count, 50));
  const newest = executions(page).first();
  await expect(newest.getByRole('link')).toHaveAttribute('href', /^\/acme\/api\/\d+$/);
  await expect(newest).toContainText(
    /pushed|opened|synchronized|created|promoted|rolled back|executed/,
  );
});

test('a chart bar opens its build', async ({ page }) => {
  await openMock(page, '/acme/api');
  const bar = page.getByTestId('chart-bar').first();
  const label = await bar.getAttribute('aria-label');
  const number = /^Build #(\d+),/.exec(label ?? '')?.[1];
  expect(number, `bar label '${label}'`).toBeTruthy();
  await bar.click();
  await expect(page).toHaveURL(new RegExp(`/acme/api/${number}$`));
});

test('a new build with two parameters goes from pending to running to finished', async ({
  page,
}) => {
  // The mock's runner works on the page's clock: holding it keeps the new build pending while
  // the test looks, then letting it run shows the live updates, whatever the machine's load.
  await page.clock.install();
  await openMock(page, '/octocat/hello-world');
  await expect(executions(page).first()).toBeVisible();
  const next = Number(await executions(page).first().getAttribute('data-number')) + 1;
  // From here on everything happens in this one document: the list is updated live, not reloaded.
  await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));

  await page.getByRole('button', { name: 'New Build' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Build' });
  await dialog.getByLabel('Branch').fill('main');
  for (const [key, value] of [
    ['GREETING', 'hello'],
    ['TARGET', 'staging'],
  ] as const) {
    await dialog.getByLabel('Parameter key').fill(key);
    await dialog.getByLabel('Parameter value').fill(value);
    await dialog.getByRole('button', { name: 'Add' }).click();
  }
  await expect(dialog.getByRole('button', { name: /^Remove parameter/ })).toHaveCount(2);

  const created = page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      /\/api\/repos\/octocat\/hello-world\/builds\?/.test(request.url()),
  );
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await dialog.getByRole('button', { name: 'Create' }).click();
  const query = new URL((await created).url()).searchParams;
  expect([query.get('branch'), query.get('GREETING'), query.get('TARGET')]).toEqual([
    'main',
    'hello',
    'staging',
  ]);
  await expect(page.getByText('New build has started successfully')).toBeVisible();
  // docs/spec.md 2.14: the new build's page opens; back to the list through history.
  await expect(page).toHaveURL(new RegExp(`/octocat/hello-world/${next}$`));
  await page.goBack();

  const row = page.locator(`[data-testid="execution"][data-number="${next}"]`);
  await expect(row).toHaveAttribute('data-status', 'pending');
  // The change comes over the event stream in real time, then shows on an animation frame of the
  // page's held clock: the clock moves on in small steps until the row says it runs.
  await expect(async () => {
    await page.clock.runFor(500);
    expect(await row.getAttribute('data-status')).toBe('running');
  }).toPass({ timeout: 60_000 });
  for (let step = 0; step < 60; step += 1) {
    const status = await row.getAttribute('data-status');
    if (status && !['pending', 'running'].includes(status)) break;
    await page.clock.runFor(1000);
  }
  await expect(row).toHaveAttribute('data-status', /^(success|failure|error)$/);
  await expect(executions(page).first()).toHaveAttribute('data-number', String(next));
  const sameDocument = await page.evaluate(
    () => (window as unknown as { stillThisDocument?: boolean }).stillThisDocument,
  );
  expect(sameDocument).toBe(true);
});

test('the branches and deployments tabs list builds', async ({ page }) => {
  await openMock(page, '/acme/api');
  await tabs(page).getByRole('link', { name: 'Branches' }).click();
  await expect(page).toHaveURL(/\/acme\/api\/branches$/);
  const branch = page.getByTestId('branch-row').first();
  await expect(branch.getByRole('link', { name: 'main' })).toHaveAttribute(
    'href',
    /^\/acme\/api\/\d+$/,
  );

  await tabs(page).getByRole('link', { name: 'Deployments' }).click();
  await expect(page).toHaveURL(/\/acme\/api\/deployments$/);
  const table = page.getByRole('table', { name: 'Deployments' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Status',
    'Environment',
    'Commit',
    'Committer',
    'Message',
  ]);
  const deployment = page.getByTestId('deployment-row').first();
  await expect(deployment.getByRole('cell').nth(2)).toHaveText(/^[0-9a-f]{8}$/);
  await deployment.getByRole('link').click();
  await expect(page).toHaveURL(/\/acme\/api\/\d+$/);
});

test('an inactive repository lands on its settings', async ({ page }) => {
  await openMock(page, '/octocat/linguist');
  await expect(page).toHaveURL(/\/octocat\/linguist\/settings$/);
  await expect(tabs(page).getByRole('link')).toHaveText(['Settings']);
  await expect(page.getByRole('button', { name: 'New Build' })).toHaveCount(0);
});

test('a read-only member sees no New Build button and no Settings tab', async ({ page }) => {
  await openMock(page, '/login/form');
  await page.getByLabel('Username').fill('member');
  await page.getByLabel('Password').fill('member');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);

  // octocat/octo-docs: the member has read permission only.
  await page.goto('/octocat/octo-docs');
  await expect(executions(page).first()).toBeVisible();
  await expect(tabs(page).getByRole('link')).toHaveText([
    'Builds',
    'Branches',
    'Pull Requests',
    'Deployments',
    'Insights',
  ]);
  await expect(page.getByRole('button', { name: 'New Build' })).toHaveCount(0);

  // octocat/dotfiles is private and the member has no permission: not found.
  await page.goto('/octocat/dotfiles');
  await expect(
    page.getByRole('heading', {
      name: 'We are sorry, the resource you requested cannot be found.',
    }),
  ).toBeVisible();
});
