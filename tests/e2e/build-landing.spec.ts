import type { Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';
import { stepConsole } from './stepConsole';

// Where a build opens and where following takes it (issue 29 items 1, 2, 6, 7; issue 30 item 1).
// Demo scenario: acme/api #11 failed in stage 1 step 4 'test' (line 10 is its first FAIL); #23
// streams stage 1 step 4 'test' when the demo loads; #21 was declined, #22 waits for approval;
// frontend/e2e-tests runs its stages 'lint' and 'unit', 'build', then 'e2e-chromium' and
// 'e2e-firefox'.

// The first load boots the app and seeds the mock in the page: slow on a busy machine.
test.setTimeout(150_000);

/** The log calls the page makes (api/logs: `/api/repos/{ns}/{name}/builds/{n}/logs/{stage}/{step}`). */
function logCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/repos\/.+\/logs\/\d+\/\d+$/.test(pathname)) calls.push(pathname);
  });
  return calls;
}

test('a failed build opens its first failed step at the first error line, in the URL', async ({
  page,
}) => {
  await openMock(page, '/acme/api/11');
  await expect(page).toHaveURL(/\/acme\/api\/11\/1\/4#L10$/);
  const console = stepConsole(page);
  await expect(console).toHaveAttribute('aria-label', 'Console of step test');
  const line = console.locator('[data-pos="9"]');
  await expect(line).toHaveAttribute('data-selected', 'true');
  await expect(line).toContainText('FAIL internal/orders.TestCreate/invalid_currency');
  await expect(line).toBeInViewport();
  // The URL is the step's with its line: shared, it opens the same.
  await page.reload();
  await expect(console.locator('[data-pos="9"]')).toHaveAttribute('data-selected', 'true');
  await expect(page).toHaveURL(/\/acme\/api\/11\/1\/4#L10$/);
});

test("a failed build's rows first show at its first error line, not at the top and then there", async ({
  page,
}) => {
  // acme/search-indexer #6: its first error is line 21, a third of the way down the log's box.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const row = document.querySelector('[data-pos="20"]');
      if (!row) return;
      observer.disconnect();
      // Where the frame that first shows it paints it.
      requestAnimationFrame(() => {
        (window as { errorRowTop?: number }).errorRowTop = row.getBoundingClientRect().top;
      });
    }).observe(document, { childList: true, subtree: true });
  });
  await openMock(page, '/acme/search-indexer/6');
  await expect(page).toHaveURL(/\/acme\/search-indexer\/6\/1\/2#L21$/);
  const row = stepConsole(page).locator('[data-pos="20"]');
  await expect(row).toHaveAttribute('data-selected', 'true');
  await expect(row).toBeInViewport();
  const first = await page.evaluate(() => (window as { errorRowTop?: number }).errorRowTop);
  // It moved 129 px when the rows showed at the top and then scrolled to it.
  expect(Math.abs((await row.boundingBox())!.y - first!)).toBeLessThanOrEqual(2);
});

test('a running build opens its running step and follows it', async ({ page }) => {
  await openMock(page, '/acme/api/23');
  await expect(page).toHaveURL(/\/acme\/api\/23\/1\/4$/);
  const console = stepConsole(page);
  await expect(console).toHaveAttribute('aria-label', 'Console of step test');
  await expect(console.getByTestId('console-footer')).toHaveText('Step is running...');
  await expect(console.getByRole('button', { name: 'Following logs' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('following goes on into the next stage that runs, URL included', async ({ page }) => {
  // A new build of frontend/e2e-tests, pipelines twice as fast: 'vite', the last step of stage
  // 3 'build', waits for stages 1 and 2; stages 4 and 5 start once it is done.
  await openMock(page, '/frontend/e2e-tests?speed=2');
  await expect(page.getByRole('button', { name: 'New Build' })).toBeVisible();
  const created = await page.evaluate(() =>
    fetch('/api/repos/frontend/e2e-tests/builds?branch=main', { method: 'POST' }).then(
      (response) => response.json() as Promise<{ number: number }>,
    ),
  );
  await page.goto(`/frontend/e2e-tests/${created.number}/3/2?speed=2`);
  const console = stepConsole(page);
  await expect(console).toHaveAttribute('aria-label', 'Console of step vite');
  await expect(page).toHaveURL(new RegExp(`/frontend/e2e-tests/${created.number}/[45]/\\d+`), {
    timeout: 120_000,
  });
  await expect(console.getByRole('button', { name: 'Following logs' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a stage or step number beyond the build shows the error notice', async ({ page }) => {
  await openMock(page, '/acme/api/20/1/99');
  await expect(
    page.getByText('Something went wrong. It is highly likely that this page does not exist'),
  ).toBeVisible();
  await expect(page.getByText('This stage has no steps to show yet.')).toHaveCount(0);
});

test('no log is asked for a step that cannot have one', async ({ page }) => {
  const calls = logCalls(page);
  // Skipped (after the failed test), pending in a later stage, declined, blocked.
  for (const path of ['/acme/api/11/1/5', '/acme/api/23/2/2', '/acme/api/21', '/acme/api/22']) {
    await openMock(page, path);
    await expect(
      stepConsole(page).or(page.getByRole('button', { name: 'Approve Build' })),
    ).toBeVisible();
    await expect(
      page.getByTestId('console-footer').or(page.getByRole('button', { name: 'Approve Build' })),
    ).toBeVisible();
  }
  expect(calls).toEqual([]);
  // A finished step's log is asked for (the check above could not pass by asking for none).
  await openMock(page, '/acme/api/20/1/2');
  await expect(stepConsole(page).locator('[data-pos]').first()).toBeVisible();
  expect(calls.length).toBeGreaterThan(0);
});
