import { expect, openMock, test } from './fixtures';

// Issue 31 parts 4 and 5 in the in-page demo: the administrators' queue, and the small things
// Drone allows that drone-ui never offered.

test('the queue explains the demo stages nobody picks up, and pauses after a confirmation', async ({
  page,
}) => {
  await openMock(page, '/settings/queue');
  const pending = page.getByRole('table', { name: 'Pending stages' });
  const arm = pending.getByTestId('pending-stage').filter({ hasText: 'linux/arm64' });
  await expect(arm).toContainText('no stage for linux/arm64 was picked up in the last hour');
  const deploy = pending.getByTestId('pending-stage').filter({ hasText: 'acme/payments' });
  await expect(deploy).toContainText(/concurrency limit 1 reached: #\d+ running/);
  // The wait ticks.
  const waited = arm.getByTestId('waited');
  const before = await waited.textContent();
  await expect(waited).not.toHaveText(before ?? '');

  await page.getByRole('button', { name: 'Pause scheduler' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Pause the scheduler?');
  await dialog.getByRole('button', { name: 'Pause scheduler' }).click();
  await expect(page.getByTestId('scheduler-state')).toHaveText('Scheduler paused from this page.');
  await expect(arm).toContainText('the scheduler was paused from this page');
  await page.getByRole('button', { name: 'Resume scheduler' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resume scheduler' }).click();
  await expect(page.getByTestId('scheduler-state')).toHaveText('Scheduler resumed from this page.');
});

test('a server without the queue API gets a notice', async ({ page }) => {
  await openMock(
    page,
    `/settings/queue?faults=${encodeURIComponent('GET /api/queue:501=Not%20Implemented')}`,
  );
  await expect(page.getByTestId('queue-unsupported')).toContainText(
    'This server does not offer the build queue: it answered 501 (Not Implemented).',
  );
});

test('pull requests, a cron job run now and a stale branch removed', async ({ page }) => {
  await openMock(page, '/drone/drone/pulls');
  await expect(
    page
      .getByRole('table', { name: 'Pull requests' })
      .getByRole('link', { name: /Pull request #3412/ }),
  ).toBeVisible();

  await page.goto('/drone/drone/settings/cron');
  await page.getByRole('button', { name: 'Run nightly now' }).click();
  await expect(page.getByText(/nightly started build #\d+\./)).toBeVisible();

  await page.goto('/drone/drone-runner-docker/branches');
  await page.getByRole('button', { name: 'Remove branch feature/arm64 from the list' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed feature/arm64 from the branch list.')).toBeVisible();
  await expect(page.getByTestId('branch-row').filter({ hasText: 'feature/arm64' })).toHaveCount(0);
});

test("a repository admin deletes a step's log from the build's actions menu", async ({ page }) => {
  await openMock(page, '/octocat/hello-world/1/1/2');
  const noLogs = page.getByText('default - greeting: success');
  await expect(page.getByRole('button', { name: 'Copy log' })).toBeVisible();
  await expect(noLogs).toHaveCount(0);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete step log' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete the log of stage 1, step 2? It cannot be restored.');
  await dialog.getByRole('button', { name: 'Delete step log' }).click();
  // The page loads again and reads what the server now holds: no stored log.
  await expect(noLogs).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy log' })).toHaveCount(0);
});

test('a build Drone could not parse has no step, and no log to delete', async ({ page }) => {
  await openMock(page, '/drone/plugins-docker/4');
  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Restart' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete step log' })).toHaveCount(0);
});
