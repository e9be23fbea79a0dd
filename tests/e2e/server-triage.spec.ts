import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issues 30 and 31 against the standalone mock (a console built for a Drone server, as deployed):
// a red build's summary and annotations, a step's tests, the log diff, the Insights tab. The
// demo scenario is the in-page demo's (fixtures/demo), served over HTTP.

test.setTimeout(150_000);

async function signIn(page: Page) {
  await page.goto('/login/form');
  await page.getByLabel(/username/i).fill('admin');
  await page.getByLabel(/password/i).fill('admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

test('a red build says why it failed, with annotations beside the log', async ({ page }) => {
  await signIn(page);
  await page.goto('/drone/plugins-docker/2');
  const summary = page.getByRole('region', { name: 'Why it failed' });
  await expect(summary.getByTestId('stage-error')).toContainText('Stage publish could not run');
  await expect(summary.getByText('Killed (SIGKILL): often out of memory.')).toBeVisible();
  await expect(page.getByTestId('annotation-counts')).toHaveText(/^\d+ errors? · /);
});

test("a failed step's tests: new and already failing", async ({ page }) => {
  await signIn(page);
  await page.goto('/acme/ledger/3');
  await expect(page).toHaveURL(/\/acme\/ledger\/3\/1\/2#L4$/);
  await expect(page.getByTestId('tests-counts')).toHaveText('2 failed2 passed1 skipped');
  await expect(page.getByTestId('tests-comparison')).toContainText('Compared with build #2');
});

test('a failed step diffs against the last green build of its branch', async ({ page }) => {
  await signIn(page);
  await page.goto('/acme/search-indexer/5');
  await page.getByRole('button', { name: 'Compare with the last green build' }).click();
  const panel = page.getByRole('region', { name: 'Log diff against a green build' });
  await expect(panel.getByTestId('log-diff-summary')).toHaveText(
    '5 lines added, 3 removed, against build #4',
  );
});

test('the Insights tab shows the figures and the flaky steps', async ({ page }) => {
  await signIn(page);
  await page.goto('/acme/checkout/insights');
  const charts = page.getByTestId('insights-charts');
  await expect(charts.getByRole('heading', { name: 'Success rate' })).toBeVisible();
  await expect(
    page.getByText(/failed \d+ times, passed on retry \d+ times in 14 days/).first(),
  ).toBeVisible();
});
