import type { Page } from '@playwright/test';
import type { Build } from '../../src/api/types';
import { expect, openMock, test } from './fixtures';

// The build page's Graph View and Card View (docs/spec.md 2.9) against the in-browser mock's demo
// scenario, signed in as the administrator. Builds are found through the API, so the specs do
// not depend on the demo's exact numbering.

async function mockReady(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
}

/**
 * Runs `read` in the page once the app is up. A cold dev server may reload the page once while
 * it optimizes dependencies; the read is then retried on the reloaded page.
 */
async function readInPage<T>(
  page: Page,
  read: (arg: string) => Promise<T>,
  arg: string,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    await mockReady(page);
    try {
      return await page.evaluate(read, arg);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Execution context was destroyed')) throw error;
    }
  }
}

/** The newest build of a repository for which `wanted` holds (the list is newest first). */
async function findBuild(
  page: Page,
  slug: string,
  wanted: (build: Build) => boolean,
): Promise<Build> {
  const builds = await readInPage(
    page,
    async (repo: string) => {
      const list = (await (
        await fetch(`/api/repos/${repo}/builds?per_page=100`)
      ).json()) as Build[];
      // The list has no stages: read each candidate in full.
      return Promise.all(
        list.map(async (item) => (await fetch(`/api/repos/${repo}/builds/${item.number}`)).json()),
      ) as Promise<Build[]>;
    },
    slug,
  );
  const build = builds.find(wanted);
  if (!build) throw new Error(`no build of ${slug} matches`);
  return build;
}

/** In-app navigation (wouter follows pushState): the mock's database and session carry on. */
async function visit(page: Page, path: string): Promise<void> {
  await readInPage(page, async (to: string) => window.history.pushState(null, '', to), path);
}

const hasCards = (build: Build) =>
  Boolean(build.stages?.some((stage) => stage.steps?.some((step) => step.schema)));

test('graph view: stage and step nodes, step drawer with its log, zoom', async ({ page }) => {
  await openMock(page, '/frontend/e2e-tests');
  const build = await findBuild(
    page,
    'frontend/e2e-tests',
    (candidate) => candidate.status === 'success' && (candidate.stages?.length ?? 0) === 6,
  );
  await visit(page, `/frontend/e2e-tests/${build.number}/3/1`);
  await page
    .getByRole('navigation', { name: 'Build views' })
    .getByRole('link', { name: 'Graph View' })
    .click();
  await expect(page).toHaveURL(/\/3\/1\?view=graph$/);

  const stages = page.getByRole('list', { name: 'Stages nodes' });
  for (const name of ['lint', 'unit', 'build', 'e2e-chromium', 'e2e-firefox', 'report']) {
    await expect(
      stages.getByRole('link', { name: new RegExp(`^success ${name}\\b`) }),
    ).toBeVisible();
  }
  const steps = page.getByRole('list', { name: 'Steps of build nodes' });
  await expect(steps.getByRole('link')).toHaveCount(2);
  // Both graphs are drawn on canvases by G6 (a large chunk: slow on a cold dev server).
  await expect(
    page.getByRole('img', { name: 'Stages graph' }).locator('canvas').first(),
  ).toBeAttached();
  await expect(
    page.getByRole('img', { name: 'Steps of build graph' }).locator('canvas').first(),
  ).toBeAttached();

  // A step opens its drawer with details and its log.
  await steps.getByRole('link', { name: /vite/ }).click();
  await expect(page).toHaveURL(new RegExp(`/frontend/e2e-tests/${build.number}/3/2\\?view=graph$`));
  const drawer = page.getByRole('dialog', { name: 'vite' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Exit code', { exact: true })).toBeVisible();
  await expect(drawer.getByText('modules transformed.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close step details' }).click();
  await expect(drawer).toBeHidden();

  // Zoom: 100% by default, 20 per step.
  const zoom = page.getByRole('status', { name: 'Stages zoom level' });
  await expect(zoom).toHaveText('100%');
  await page.getByRole('button', { name: 'Zoom in the stages' }).click();
  await expect(zoom).toHaveText('120%');

  // A stage goes to its first step, still in the graph view.
  await stages.getByRole('link', { name: /e2e-firefox/ }).click();
  await expect(page).toHaveURL(new RegExp(`/frontend/e2e-tests/${build.number}/5/1\\?view=graph$`));
  await expect(page.getByRole('list', { name: 'Steps of e2e-firefox nodes' })).toBeVisible();
});

test('card view renders the step cards of a build that has them', async ({ page }) => {
  await openMock(page, '/acme/api');
  const build = await findBuild(
    page,
    'acme/api',
    (candidate) =>
      candidate.status === 'success' && candidate.event === 'push' && hasCards(candidate),
  );
  await visit(page, `/acme/api/${build.number}`);
  await page
    .getByRole('navigation', { name: 'Build views' })
    .getByRole('link', { name: 'Card View' })
    .click();
  await expect(page).toHaveURL(/\?view=card$/);

  const tests = page.getByRole('region', { name: 'Card of step test' });
  await expect(tests.getByText('Test report')).toBeVisible();
  await expect(tests.getByText('84.6%')).toBeVisible();
  await expect(tests.getByText('internal/store.TestMigrations - 1.92s')).toBeVisible();
  const docker = page.getByRole('region', { name: 'Card of step docker' });
  await expect(docker.getByText('docker.io/acme/api')).toBeVisible();
  await expect(docker.getByText('Image pushed')).toBeVisible();
});

test('a build without any step schema has no Card View toggle', async ({ page }) => {
  await openMock(page, '/acme/web');
  const build = await findBuild(
    page,
    'acme/web',
    (candidate) => candidate.status === 'success' && !hasCards(candidate),
  );
  await visit(page, `/acme/web/${build.number}`);
  const views = page.getByRole('navigation', { name: 'Build views' });
  await expect(views.getByRole('link', { name: 'Graph View' })).toBeVisible();
  await expect(views.getByRole('link', { name: 'Log View' })).toBeVisible();
  await expect(views.getByRole('link', { name: 'Card View' })).toHaveCount(0);
});
