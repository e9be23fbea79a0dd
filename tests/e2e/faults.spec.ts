import type { Locator, Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';
import { stepConsole } from './stepConsole';

// The console under the mock server's injected faults (mock-server/faults.ts, README "Fault
// injection"): every failure shows the docs/spec.md 8 message (the message field, else the raw response,
// else the error text), never a blank page or a spinner that never stops, and the screen recovers
// once the fault is gone.

/** Opens a path on the demo with a fault spec on (encoded once for the URL). */
async function openWithFaults(page: Page, path: string, spec: string): Promise<void> {
  const separator = path.includes('?') ? '&' : '?';
  await openMock(page, `${path}${separator}faults=${encodeURIComponent(spec)}`);
}

async function clearFaults(page: Page): Promise<void> {
  await page.evaluate(() =>
    (window as unknown as { droneMock: { setFaults(spec: null): void } }).droneMock.setFaults(null),
  );
}

const firedFaults = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { droneMock: { firedFaults(): number[] } }).droneMock.firedFaults(),
  );

/** Something is on screen besides the sidebar, and no loading spinner is left spinning. */
async function expectSettled(page: Page): Promise<void> {
  await expect(page.locator('main')).not.toBeEmpty();
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
}

const repoError = (page: Page) => page.getByRole('alert').filter({ hasText: 'Retry' });

async function retryDashboard(page: Page): Promise<void> {
  await clearFaults(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('link', { name: /acme\/api/ }).first()).toBeVisible();
  await expect(repoError(page)).toHaveCount(0);
}

test.describe('dashboard list load', () => {
  test('a 500 with a message shows the message, then Retry recovers', async ({ page }) => {
    await openWithFaults(page, '/', 'GET /api/user/repos:500=Database%20is%20locked');
    await expect(repoError(page)).toContainText('Database is locked');
    await expectSettled(page);
    await retryDashboard(page);
  });

  test('a 500 without a message shows the status text', async ({ page }) => {
    await openWithFaults(page, '/', 'GET /api/user/repos:bare=500');
    await expect(repoError(page)).toContainText('Internal Server Error');
    await expectSettled(page);
    await retryDashboard(page);
  });

  test("an HTML error page shows its title, never the page's markup", async ({ page }) => {
    await openWithFaults(page, '/', 'GET /api/user/repos:html');
    await expect(repoError(page)).toContainText('502 Bad Gateway');
    await expect(repoError(page)).not.toContainText('<');
    await expect(page.locator('main h1', { hasText: '502 Bad Gateway' })).toHaveCount(0);
    await expectSettled(page);
    await retryDashboard(page);
  });

  test('truncated JSON fails with the parse error instead of breaking the screen', async ({
    page,
  }) => {
    await openWithFaults(page, '/', 'GET /api/user/repos:truncate');
    await expect(repoError(page)).toContainText(/JSON/);
    await expect(page.getByText('This screen failed to display.')).toHaveCount(0);
    await expectSettled(page);
    await retryDashboard(page);
  });

  test('a network error shows the browser error text', async ({ page }) => {
    await openWithFaults(page, '/', 'GET /api/user/repos:network');
    await expect(repoError(page)).toContainText('Failed to fetch');
    await expectSettled(page);
    await retryDashboard(page);
  });

  test('a slow answer shows a spinner that stops when the list arrives', async ({ page }) => {
    await openWithFaults(page, '/', 'GET /api/user/repos:latency=2500');
    await expect(
      page.getByRole('status').filter({ hasText: 'Loading repositories' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /acme\/api/ }).first()).toBeVisible();
    await expectSettled(page);
  });

  test('half of the loads failing (seeded): each failure offers Retry until one succeeds', async ({
    page,
  }) => {
    await openWithFaults(page, '/', 'seed=3,GET /api/user/repos:503:0.5');
    const list = page.getByRole('link', { name: /acme\/api/ }).first();
    await expect(list.or(repoError(page))).toBeVisible();
    for (let attempt = 0; attempt < 10 && !(await list.isVisible()); attempt++) {
      await expect(repoError(page)).toContainText('Service Unavailable');
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(list.or(repoError(page))).toBeVisible();
    }
    await expect(list).toBeVisible();
  });
});

test('a failed current-user load says so and recovers on Try again', async ({ page }) => {
  // Until the service is back: how often the console asks at start-up is not what is tested.
  await openWithFaults(page, '/', 'GET /api/user:503=Service%20restarting');
  await expect(page.getByRole('alert')).toHaveText('Service restarting');
  await expect(page).not.toHaveURL(/\/welcome/);
  await clearFaults(page);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('repository and build pages show the message of a failed lookup', async ({ page }) => {
  await openWithFaults(page, '/acme/api', 'GET /api/repos/acme/api:500=Repository%20store%20down');
  await expect(page.locator('main').getByText('Repository store down')).toBeVisible();
  await expectSettled(page);

  await clearFaults(page);
  await page.evaluate(() =>
    (window as unknown as { droneMock: { setFaults(spec: string): void } }).droneMock.setFaults(
      'GET /api/repos/acme/api/builds/2:html=504',
    ),
  );
  await page.goto('/acme/api/2');
  await expect(page.getByRole('alert').first()).toContainText('504 Gateway Timeout');
  await expectSettled(page);
});

test('a failed build page load offers Retry, and Retry loads it without a reload', async ({
  page,
}) => {
  await openWithFaults(page, '/acme/api/2', 'GET /api/repos/acme/api/builds/2:503:times=1');
  await expect(page.getByRole('alert').first()).toContainText('Service Unavailable');
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('navigation', { name: 'Pipeline stages' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
});

test('a failed build page load is tried again when the browser is back online', async ({
  page,
}) => {
  await openWithFaults(page, '/acme/api/2', 'GET /api/repos/acme/api/builds/2:network:times=1');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('navigation', { name: 'Pipeline stages' })).toBeVisible();
});

test("a failed stored-log read (fetched in a worker) shows the server's message", async ({
  page,
}) => {
  // acme/web #14 step 1.4 is finished: its log is fetched and parsed off the main thread.
  await openWithFaults(
    page,
    '/acme/web/14/1/4',
    'GET /api/repos/acme/web/builds/14/logs/*:500=Log%20store%20down',
  );
  const console = stepConsole(page);
  await expect(console.getByRole('alert')).toContainText('Log store down');
  await expect(console.locator('[data-pos]')).toHaveCount(0);
});

test('a failed action shows its docs/spec.md 8 toast and leaves the screen usable', async ({
  page,
}) => {
  await openWithFaults(page, '/', 'POST /api/user/repos:network');
  await page.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByTestId('toast')).toContainText(
    'Sync error has occurred, please, try again',
  );
  await expect(page.getByRole('button', { name: 'Sync' })).toBeEnabled();
});

test('a change whose answer is cut short is shown as the server holds it, not as a failure', async ({
  page,
}) => {
  await openWithFaults(page, '/acme/web/settings/secrets', 'POST /api/repos/*/secrets:truncate');
  await page.getByRole('button', { name: 'New Secret' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Secret' });
  await dialog.getByPlaceholder('Secret Name').fill('cut_short');
  await dialog.getByLabel('Value').fill('hunter2');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('toast')).toContainText(
    "The server's answer could not be read; showing what it holds now.",
  );
  await expect(dialog).toBeHidden();
  // The list was fetched again: the secret the server did create is there.
  await expect(page.getByRole('row', { name: /cut_short/ })).toBeVisible();
  await expect(page.getByText(/Unable to add secret/)).toHaveCount(0);
  expect(await firedFaults(page)).toEqual([1]);
});

/** The pos of every log row, collected while scrolling the virtualized list from top to bottom. */
async function collectPositions(console: Locator): Promise<number[]> {
  const scroller = console.getByTestId('virtuoso-scroller');
  const seen: number[] = [];
  await scroller.evaluate((element) => (element.scrollTop = 0));
  for (let guard = 0; guard < 200; guard++) {
    const rows = await console
      .locator('[data-pos]')
      .evaluateAll((elements) => elements.map((row) => Number(row.getAttribute('data-pos'))));
    // Within one rendering, rows are consecutive: no line twice, none skipped.
    expect(rows).toEqual(rows.map((_, index) => rows[0]! + index));
    seen.push(...rows);
    const atBottom = await scroller.evaluate((element) => {
      const bottom = element.scrollTop + element.clientHeight >= element.scrollHeight - 2;
      element.scrollTop += element.clientHeight / 2;
      return bottom;
    });
    if (atBottom) break;
    await console.page().waitForTimeout(50);
  }
  return [...new Set(seen)].sort((a, b) => a - b);
}

test('a live log stream that drops 5 times shows every line once', async ({ page }) => {
  // acme/api #23 stage 1 step 4 is streaming when the demo loads (tests/e2e/console.spec.ts).
  await openWithFaults(page, '/acme/api/23/1/4', 'GET /api/stream/acme/api/23/1/4:drop=2:times=5');
  const console = stepConsole(page);
  const footer = console.getByTestId('console-footer');
  await expect(footer).toHaveText('Step is running...');
  await expect.poll(() => firedFaults(page)).toEqual([5]);
  // Reading the rows from the top: stop following, or new lines pull the list to the bottom.
  await console.getByRole('button', { name: 'Following logs' }).click();
  // A few lines more over the sixth, undisturbed connection.
  const lastPos = async () => Math.max(...(await collectPositions(console)));
  const afterDrops = await lastPos();
  await expect.poll(lastPos).toBeGreaterThan(afterDrops + 1);
  // Still streaming: the stored log (fetched when the step ends) would hide any gap.
  await expect(footer).toHaveText('Step is running...');
  const positions = await collectPositions(console);
  const first = positions[0]!;
  const last = positions[positions.length - 1]!;
  expect(positions).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
  expect(last).toBeGreaterThan(afterDrops);
});

test('the repository event stream reconnects after drops and the dashboard stays whole', async ({
  page,
}) => {
  await openWithFaults(page, '/', 'GET /api/stream:drop=1:times=3');
  await expect(page.getByRole('link', { name: /acme\/api/ }).first()).toBeVisible();
  await expect.poll(() => firedFaults(page)).toEqual([3]);
  const slugs = await page
    .locator('main section[aria-labelledby="repositories"] a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(slugs.length).toBeGreaterThan(0);
  expect(new Set(slugs).size).toBe(slugs.length);
  await expectSettled(page);
});
