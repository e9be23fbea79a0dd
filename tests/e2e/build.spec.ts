import type { Page } from '@playwright/test';
import type { Build } from '../../src/api/types';
import { expect, openMock, test } from './fixtures';

// The build page (docs/spec.md 2.9, 4.2, 4.3) against the in-browser mock's demo scenario. A fresh
// visitor is signed in as the administrator. Builds are found through the API, so the specs do
// not depend on the demo's exact numbering.

/** The app renders only once the mock worker serves requests and the visitor is signed in. */
async function mockReady(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
}

/** The newest build of a repository matching `wanted`, fetched through the mock's API. */
async function findBuild(page: Page, slug: string, wanted: Partial<Build>): Promise<Build> {
  await mockReady(page);
  const builds = await page.evaluate(
    (path) => fetch(path).then((response) => response.json() as Promise<Build[]>),
    `/api/repos/${slug}/builds?per_page=100`,
  );
  const build = builds.find((candidate) =>
    Object.entries(wanted).every(([key, value]) => candidate[key as keyof Build] === value),
  );
  if (!build) throw new Error(`no build of ${slug} matches ${JSON.stringify(wanted)}`);
  return build;
}

/**
 * In-app navigation (wouter follows history.pushState): no reload, so the mock worker, its
 * database and the signed-in session carry on as they are.
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
}

async function fetchBuild(page: Page, slug: string, number: number): Promise<Build> {
  return page.evaluate(
    (path) => fetch(path).then((response) => response.json() as Promise<Build>),
    `/api/repos/${slug}/builds/${number}`,
  );
}

/** Signs out and in again through the mock's form post (password = login in the demo). */
async function signInAs(page: Page, login: string): Promise<void> {
  await page.evaluate(async (user) => {
    await fetch('/logout', { method: 'POST' });
    await fetch('/login', {
      method: 'POST',
      body: new URLSearchParams({ username: user, password: user }),
      redirect: 'manual',
    });
  }, login);
}

const buildStatus = (page: Page) =>
  page.getByTestId('build-status').locator('[data-status]').first();

test('restarting a finished build lands on the new build, first stage and step', async ({
  page,
}) => {
  await openMock(page, '/acme/api');
  const finished = await findBuild(page, 'acme/api', { status: 'success', event: 'push' });
  await visit(page, `/acme/api/${finished.number}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Restart' }).click();
  await expect(page).toHaveURL(/\/acme\/api\/\d+\/1\/1$/);
  const restarted = Number(/\/acme\/api\/(\d+)\/1\/1$/.exec(page.url())![1]);
  expect(restarted).toBeGreaterThan(finished.number);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    finished.message.split('\n')[0]!,
  );
  // The tab's status prefix (issue 19 item 1): the restarted build runs, or has already finished.
  await expect(page).toHaveTitle(new RegExp(`^[●✓✗] Build #${restarted}\\.1\\.1 - acme/api$`));
});

test('promoting with a parameter lands on the new deployment', async ({ page }) => {
  await openMock(page, '/acme/api');
  const finished = await findBuild(page, 'acme/api', { status: 'success', event: 'push' });
  await visit(page, `/acme/api/${finished.number}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Promote' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create deployment' });
  await expect(dialog.getByLabel('Action')).toHaveValue('promote');
  await expect(dialog.getByLabel('Target')).toHaveValue('');
  await dialog.getByLabel('Target').fill('staging');
  // An incomplete parameter is not added.
  await dialog.getByLabel('Parameter key').fill('VERSION');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove parameter VERSION' })).toHaveCount(0);
  await dialog.getByLabel('Parameter value').fill(' 1.2.3 ');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('VERSION=1.2.3')).toBeVisible();
  await dialog.getByRole('button', { name: 'Deploy' }).click();

  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/acme\/api\/\d+$/);
  const number = Number(/\/acme\/api\/(\d+)$/.exec(page.url())![1]);
  expect(number).toBeGreaterThan(finished.number);
  // Credited to the administrator who promoted, not to the commit's author.
  await expect(page.getByText(`admin promoted #${finished.number} to staging`)).toBeVisible();
  const deployed = await fetchBuild(page, 'acme/api', number);
  expect(deployed).toMatchObject({
    event: 'promote',
    deploy_to: 'staging',
    parent: finished.number,
  });
  expect(deployed.params).toMatchObject({ VERSION: '1.2.3' });
});

test('an administrator approves a blocked build and it runs', async ({ page }) => {
  await openMock(page, '/acme/api');
  const blocked = await findBuild(page, 'acme/api', { status: 'pending', event: 'promote' });
  await visit(page, `/acme/api/${blocked.number}`);
  await expect(buildStatus(page)).toHaveAttribute('data-status', 'pending');
  await page.getByRole('button', { name: 'Approve Build' }).click();
  await expect(page.getByRole('button', { name: 'Approve Build' })).toBeHidden();
  await expect(buildStatus(page)).toHaveAttribute('data-status', /running|success/);
  await expect(page.getByRole('navigation', { name: 'Pipeline stages' })).toBeVisible();
});

test('a read-only member sees the blocked message instead of the approval buttons', async ({
  page,
}) => {
  // drone/drone is public and the member may only read it; production promotions wait for a
  // human, so the administrator creates a blocked build first.
  await openMock(page, '/drone/drone');
  const finished = await findBuild(page, 'drone/drone', { status: 'success' });
  const promoted = await page.evaluate(
    (path) => fetch(path, { method: 'POST' }).then((response) => response.json() as Promise<Build>),
    `/api/repos/drone/drone/builds/${finished.number}/promote?target=production`,
  );
  await signInAs(page, 'member');
  await page.goto(`/drone/drone/${promoted.number}`);
  await expect(
    page.getByText('Build is blocked, please, contact repo admin in order to proceed'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve Build' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Decline Build' })).toHaveCount(0);
});

test('cancelling the running build kills it', async ({ page }) => {
  await openMock(page, '/acme/api');
  const running = await findBuild(page, 'acme/api', { status: 'running' });
  await visit(page, `/acme/api/${running.number}/1/2`);
  await expect(buildStatus(page)).toHaveAttribute('data-status', 'running');
  await page.getByRole('button', { name: 'Cancel' }).click();
  // The build's URL: it lands on the step that was running (issue 29 item 1).
  await expect(page).toHaveURL(new RegExp(`/acme/api/${running.number}(/\\d+/\\d+)?$`));
  await expect(buildStatus(page)).toHaveAttribute('data-status', 'killed');
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
});

test('a build number that does not exist shows the not-found page', async ({ page }) => {
  await openMock(page, '/acme/api/99999');
  await expect(
    page.getByRole('heading', {
      name: 'We are sorry, the resource you requested cannot be found.',
    }),
  ).toBeVisible();
});

test('the title names build, stage and step, then the repository', async ({ page }) => {
  await openMock(page, '/acme/api');
  const finished = await findBuild(page, 'acme/api', { status: 'success', event: 'push' });
  await visit(page, `/acme/api/${finished.number}`);
  // After the tab's status prefix (issue 19 item 1): the build passed.
  await expect(page).toHaveTitle(`✓ Build #${finished.number}.1.1 - acme/api`);
  await page.getByRole('link', { name: /deps/ }).click();
  await expect(page).toHaveURL(new RegExp(`/acme/api/${finished.number}/1/2$`));
  await expect(page).toHaveTitle(`✓ Build #${finished.number}.1.2 - acme/api`);
  await expect(page.getByRole('region', { name: 'Step deps', exact: true })).toBeVisible();
});
