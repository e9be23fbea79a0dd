import type { Build } from '../../src/api/types';
import { expect, openMock, test } from './fixtures';

// The builds feed: the newest builds, updated live from /api/stream.

test('shows a new build running, then finishing, without a reload', async ({ page }) => {
  // The demo's simple pipeline takes about 15 s in the browser's mock engine; run 4 times faster.
  await openMock(page, '/builds-feed?speed=4');
  await expect(page).toHaveTitle('Builds Feed - Drone');
  const feed = page.getByRole('list', { name: 'Recent builds' });
  await expect(feed.getByRole('link').first()).toBeVisible();

  // Start a build the way any API client would; the mock runs it through its engine.
  const build = await page.evaluate(async () => {
    const response = await fetch('/api/repos/octocat/hello-world/builds', { method: 'POST' });
    return (await response.json()) as Build;
  });
  const row = feed.getByRole('link', {
    name: new RegExp(`octocat/hello-world #${build.number}\\b`),
  });
  await expect(row).toHaveAttribute('href', `/octocat/hello-world/${build.number}`);
  await expect(row.getByRole('img', { name: /running|pending/ })).toBeVisible();
  await expect(row.getByRole('img', { name: /success|failure|error/ })).toBeVisible();
});

test('administrators see the builds running now', async ({ page }) => {
  await openMock(page, '/builds-feed');
  const running = page.getByRole('region', { name: 'Running now' });
  await expect(running).toBeVisible();
  await expect(running.getByRole('link').first()).toBeVisible();
});
