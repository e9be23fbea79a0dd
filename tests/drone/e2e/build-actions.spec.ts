import type { Page } from '@playwright/test';
import { stepConsole } from '../../e2e/stepConsole';
import { buildStatus, drone, expect, pushBuild, settled, test, type DroneBuild } from './drone';

// The actions on a finished or blocked build against a real Drone (docs/spec.md 2.7, 2.8, 4.2,
// 4.3): restart, debug restart, promote and rollback, approve and decline, and the branches and
// deployments tabs that follow from them. Each test pushes the commit whose build it acts on.

/** Opens the build's Actions menu and picks `item`. */
async function act(page: Page, item: 'Restart' | 'Promote' | 'Debug') {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Waits for the console to go from build `from` to another build of `slug`; its number. */
async function landedOn(page: Page, slug: string, from: number, tail = '') {
  const build = new RegExp(`/${slug}/(\\d+)${tail}$`);
  await expect(page).toHaveURL(
    (url) =>
      build.test(url.pathname) &&
      !url.pathname.startsWith(`/${slug}/${from}/`) &&
      url.pathname !== `/${slug}/${from}`,
  );
  return Number(build.exec(new URL(page.url()).pathname)?.[1]);
}

test('restarts a failed build: the new build fails again in its unit step', async ({ page }) => {
  const failed = await pushBuild('acme/web', ['failure'], { message: 'Restart me' });
  await page.goto(`/acme/web/${failed.number}`);
  await expect(buildStatus(page)).toHaveAttribute('data-status', 'failure');
  // Drone v1.10.1 has no cards API and its steps no `schema`: no Card View (docs/spec.md 2.9).
  await expect(page.getByRole('link', { name: 'Graph View' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Card View' })).toHaveCount(0);
  await act(page, 'Restart');
  const restarted = await landedOn(page, 'acme/web', failed.number, '/1/1');
  expect(restarted).toBeGreaterThan(failed.number);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Restart me');
  await page.goto(`/acme/web/${restarted}/1/2`);
  await expect(stepConsole(page).getByTestId('console-footer')).toHaveText('Exit Code 1');
  await expect(buildStatus(page)).toHaveAttribute('data-status', 'failure');
});

test('restarts a build in debug mode: Drone marks the new build debug', async ({ page }) => {
  const passed = await pushBuild('acme/api', ['success'], { message: 'Debug me' });
  await page.goto(`/acme/api/${passed.number}`);
  await act(page, 'Debug');
  // The new build is pending, then runs: the page lands on a step of it at once (its first, then
  // the one running), so the bare build URL may be gone before it is looked at.
  const debugged = await landedOn(page, 'acme/api', passed.number, '(?:/\\d+/\\d+)?');
  expect(debugged).toBeGreaterThan(passed.number);
  expect(await drone<DroneBuild>('GET', `/api/repos/acme/api/builds/${debugged}`)).toMatchObject({
    debug: true,
  });
  await expect(page.getByTitle(/Debug build/)).toBeVisible();
  await settled('acme/api', debugged, ['success']);
});

test('promotes a build to production, rolls it back, and the deployments tab lists both', async ({
  page,
}) => {
  const passed = await pushBuild('acme/api', ['success'], { message: 'Ship me' });
  await page.goto(`/acme/api/${passed.number}`);
  await act(page, 'Promote');
  const dialog = page.getByRole('dialog', { name: 'Create deployment' });
  await expect(dialog.getByLabel('Action')).toHaveValue('promote');
  // An empty target is production (docs/spec.md 4.3).
  await dialog.getByLabel('Parameter key').fill('VERSION');
  await dialog.getByLabel('Parameter value').fill('1.2.3');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByRole('button', { name: 'Deploy' }).click();
  await expect(dialog).toBeHidden();
  const promoted = await landedOn(page, 'acme/api', passed.number);
  await expect(page.getByText(`admin promoted #${passed.number} to production`)).toBeVisible();
  const deployed = await settled('acme/api', promoted, ['success']);
  expect(deployed).toMatchObject({
    event: 'promote',
    deploy_to: 'production',
    parent: passed.number,
    params: { VERSION: '1.2.3' },
  });
  await expect(buildStatus(page)).toHaveAttribute('data-status', 'success');

  await page.goto(`/acme/api/${passed.number}`);
  await act(page, 'Promote');
  await dialog.getByLabel('Action').selectOption('rollback');
  await dialog.getByLabel('Target').fill('production');
  await dialog.getByRole('button', { name: 'Deploy' }).click();
  const rolledBack = await landedOn(page, 'acme/api', passed.number);
  expect(rolledBack).not.toBe(promoted);
  await expect(page.getByText(`admin rolled back #${passed.number} to production`)).toBeVisible();
  expect(await settled('acme/api', rolledBack, ['success'])).toMatchObject({ event: 'rollback' });

  // Drone lists the newest deployment of each environment.
  await page.goto('/acme/api');
  await page
    .getByRole('navigation', { name: 'Repository' })
    .getByRole('link', { name: 'Deployments' })
    .click();
  await expect(page).toHaveURL(/\/acme\/api\/deployments$/);
  const row = page.getByRole('row', { name: /production/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link').first()).toHaveAttribute('href', /\/acme\/api\/\d+$/);
});

test('the branches tab lists a branch Drone built', async ({ page }) => {
  const branch = `feature-${Date.now().toString(36)}`;
  const built = await pushBuild('acme/api', ['success', 'failure'], { branch, message: 'Branch' });
  await page.goto('/acme/api');
  await page
    .getByRole('navigation', { name: 'Repository' })
    .getByRole('link', { name: 'Branches' })
    .click();
  await expect(page).toHaveURL(/\/acme\/api\/branches$/);
  const row = page.getByRole('row', { name: new RegExp(branch) });
  await expect(row.getByRole('link').first()).toHaveAttribute('href', `/acme/api/${built.number}`);
  await expect(page.getByRole('row', { name: /\bmain\b/ })).toBeVisible();
});

test('approves a blocked build of a protected repository, and it runs', async ({ page }) => {
  const blocked = await pushBuild('acme/protected', ['blocked'], { message: 'Approve me' });
  await page.goto(`/acme/protected/${blocked.number}`);
  await expect(buildStatus(page)).toHaveAttribute('data-status', /pending|blocked/);
  await page.getByRole('button', { name: 'Approve Build' }).click();
  await expect(page.getByRole('button', { name: 'Approve Build' })).toBeHidden();
  await expect(buildStatus(page)).toHaveAttribute('data-status', 'success');
  await page.goto(`/acme/protected/${blocked.number}/1/1`);
  await expect(stepConsole(page).getByText('approved and running', { exact: true })).toBeVisible();
});

test('declines a blocked build of a protected repository', async ({ page }) => {
  const blocked = await pushBuild('acme/protected', ['blocked'], { message: 'Decline me' });
  await page.goto(`/acme/protected/${blocked.number}`);
  await page.getByRole('button', { name: 'Decline Build' }).click();
  await expect(page.getByRole('button', { name: 'Decline Build' })).toBeHidden();
  await expect(buildStatus(page)).toHaveAttribute('data-status', 'declined');
  expect((await settled('acme/protected', blocked.number, ['declined'])).status).toBe('declined');
  // A declined build is finished, so the menu offers Restart; Drone refuses it (retry.go).
  await act(page, 'Restart');
  await expect(
    page.getByText('Unable to restart build: cannot start a declined build'),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/acme/protected/${blocked.number}$`));
});

test('a build or a repository Drone does not have shows the not-found page', async ({ page }) => {
  const notFound = page.getByRole('heading', {
    name: 'We are sorry, the resource you requested cannot be found.',
  });
  // Drone answers 404 {"message":"sql: no rows in result set"} for the build.
  await page.goto('/acme/api/99999');
  await expect(notFound).toBeVisible();
  await page.goto('/acme/no-such-repository');
  await expect(notFound).toBeVisible();
});

test('a build Drone could not parse shows Drone’s error on its page', async ({ page }) => {
  // A branch of its own whose .drone.yml is no pipeline: Drone stores the build as an error.
  const branch = `broken-${Date.now().toString(36)}`;
  const broken = await pushBuild('acme/web', ['error'], {
    branch,
    message: 'Break the pipeline',
    files: { '.drone.yml': 'kind: pipeline\ntype: exec\nsteps: [this is not a step\n' },
  });
  const { error } = await drone<DroneBuild & { error: string }>(
    'GET',
    `/api/repos/acme/web/builds/${broken.number}`,
  );
  expect(error).not.toBe('');
  await page.goto(`/acme/web/${broken.number}`);
  await expect(buildStatus(page)).toHaveAttribute('data-status', 'error');
  await expect(page.getByText(error, { exact: true })).toBeVisible();
});
