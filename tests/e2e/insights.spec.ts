import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';
import { rowTop } from './stepConsole';

/** Serious and critical axe findings (WCAG 2.1 A and AA) of what the page shows now. */
async function blockingFindings(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
}

// Issue 31 parts 1-3 on the in-page demo: acme/checkout has fifty pushes to main, flaky restarts of
// its `test` step and a red main (fixtures/demo/insights.ts).

test('the Insights tab shows the figures and the flaky steps with their attempts', async ({
  page,
}) => {
  await openMock(page, '/acme/checkout');
  await page
    .getByRole('navigation', { name: 'Repository' })
    .getByRole('link', { name: 'Insights' })
    .click();
  await expect(page).toHaveURL(/\/acme\/checkout\/insights$/);
  const charts = page.getByTestId('insights-charts');
  await expect(charts.getByRole('heading', { name: 'Success rate' })).toBeVisible();
  await expect(charts.getByText(/^\d+%$/)).toBeVisible();
  await expect(charts.getByText('of 50 builds, cancelled left out')).toBeVisible();
  const flaky = charts.getByRole('listitem').filter({ hasText: 'build / test' }).first();
  await expect(flaky).toContainText(/failed \d+ times, passed on retry \d+ times in 14 days/);
  await expect(flaky.getByRole('link', { name: /^Build #\d+, success$/ }).first()).toBeVisible();
  expect(await blockingFindings(page)).toEqual([]);

  // The filter and the count are in the URL, like the builds list's.
  await page.getByRole('link', { name: 'Last 100 builds' }).click();
  await expect(page).toHaveURL(/last=100/);
  await page.getByRole('combobox', { name: 'Event' }).selectOption('push');
  await expect(page).toHaveURL(/event=push/);
  await expect(page.getByTestId('insights-charts')).toBeVisible();
});

test('a restarted build says which attempt it is, and a step its trend and flakiness', async ({
  page,
}) => {
  await openMock(page, '/acme/checkout/49/1/4');
  const top = rowTop(page, '+ go install gotest.tools');
  const shown = await top();
  const attempts = page.getByRole('navigation', { name: 'Attempts' });
  await expect(attempts).toContainText('attempt 2 of 3');
  const insights = page.getByTestId('step-insights');
  await expect(insights).toContainText(/median \d+s, p95 \d+s over \d+ runs/);
  await expect(insights).toContainText(/flaky: failed \d+ times, passed on retry \d+ times/);
  // The attempt line's room was kept from the first render: the first lines did not move (issue 32).
  expect(Math.abs((await top()) - shown)).toBeLessThanOrEqual(2);
  expect(await blockingFindings(page)).toEqual([]);
  await attempts.getByRole('link', { name: 'Build #50, success' }).click();
  await expect(page).toHaveURL(/\/acme\/checkout\/50/);
  await expect(page.getByRole('navigation', { name: 'Attempts' })).toContainText('attempt 3 of 3');
});

test('the dashboard lists repository health with the red default branch', async ({ page }) => {
  await openMock(page, '/');
  const health = page.getByTestId('repo-health');
  await expect(health.getByRole('heading', { name: 'Repository health' })).toBeVisible();
  const checkout = health.getByRole('row').filter({ hasText: 'acme/checkout' });
  await expect(checkout.getByTestId('red-since')).toHaveText(/^red on main since #\d+ \(.+\)$/);
  await health.getByRole('button', { name: 'By p95 duration' }).click();
  await expect(health.getByRole('button', { name: 'By p95 duration' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a step keeps its first lines where they were shown while its trend and annotations arrive', async ({
  page,
}) => {
  await openMock(page, '/acme/checkout/40/1/4');
  // The log's first line.
  const top = rowTop(page, '+ go install gotest.tools');
  const shown = await top();
  await expect(page.getByTestId('step-insights')).toContainText(/median \d+s, p95 \d+s/);
  await expect(page.getByTestId('annotation-counts')).toBeVisible();
  // A pixel of rounding, not the 52 and 65 px of the parts arriving above.
  expect(Math.abs((await top()) - shown)).toBeLessThanOrEqual(2);
});

test('a step with nothing to say about flakiness keeps the room of two trend lines', async ({
  page,
}) => {
  await openMock(page, '/acme/api/20/1/2');
  const top = rowTop(page, '+ go version');
  const shown = await top();
  const insights = page.getByTestId('step-insights');
  await expect(insights).toContainText(/median \d+s, p95 \d+s over \d+ runs/);
  await expect(insights).not.toContainText(/flaky/);
  await expect(page.getByTestId('annotation-counts')).toBeVisible();
  // Its one line showed where two were kept: the log moved up 24 px.
  expect(Math.abs((await top()) - shown)).toBeLessThanOrEqual(2);
});

for (const width of [1024, 800]) {
  test.describe(`on a ${width.toLocaleString('en')} px window`, () => {
    test.use({ viewport: { width, height: 768 } });

    test("a restarted build's first attempt keeps its first lines where they were shown", async ({
      page,
    }) => {
      // Known to have been restarted only from the history, and its flaky line is the longest.
      await openMock(page, '/acme/checkout/48/1/4');
      const top = rowTop(page, '+ go install gotest.tools');
      const shown = await top();
      await expect(page.getByRole('navigation', { name: 'Attempts' })).toContainText(
        'attempt 1 of 3',
      );
      await expect(page.getByTestId('step-insights')).toContainText(/flaky: failed \d+ times/);
      await expect(page.getByTestId('annotation-counts')).toBeVisible();
      // Its attempt line ends the activity line, scrolling sideways where it has no room (a line
      // of its own moved the log 29 px at 1,024 px, 26 px at 800), and the flaky line scrolls
      // sideways (24 px).
      expect(Math.abs((await top()) - shown)).toBeLessThanOrEqual(2);
      expect(await blockingFindings(page)).toEqual([]);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a step's trend lines keep to their room in its dialog, so its first lines stay put", async ({
    page,
  }) => {
    // Flaky, with five attempts: the longest lines the panel has.
    await openMock(page, '/acme/checkout/49/1/4');
    const top = rowTop(page, '+ go install gotest.tools');
    const shown = await top();
    await expect(page.getByTestId('step-insights')).toContainText(/flaky: failed \d+ times/);
    await expect(page.getByTestId('annotation-counts')).toBeVisible();
    expect(Math.abs((await top()) - shown)).toBeLessThanOrEqual(2);
    // Each line scrolls sideways, and the keyboard reaches it.
    expect(await blockingFindings(page)).toEqual([]);
  });
});
