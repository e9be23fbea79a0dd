import type { Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';
import { stepConsole } from './stepConsole';

// The log viewer's reading tools (issue 9): whole-log search, line permalinks, timestamps,
// collapsible groups and links. Bench scenario: bench/logs #1 step 3 has 100,000 lines
// ('... batch 0000002 ...' is only in line 3). Demo scenario: acme/api #20 step 'deps' folds
// 'Download modules'; acme/api #18's deploy step prints URLs, an OSC 8 link and a GitLab section.

/** openMock adds the scenario after the path: a permalink's hash must come after it. */
const openPermalink = (page: Page, path: string, hash: string, scenario = 'demo') =>
  page.goto(`${path}?scenario=${scenario}${hash}`);

const row = (page: Page, pos: number) => stepConsole(page).locator(`[data-pos="${pos}"]`);

test('searches a 100,000-line log and lands on the only match, in line 3', async ({ page }) => {
  await openMock(page, '/bench/logs/1/1/3', 'bench');
  const console = stepConsole(page);
  // Only the last 250 lines are shown: line 3 is not rendered, the search still finds it.
  await expect(row(page, 99_750)).toBeVisible();
  await expect(row(page, 2)).toHaveCount(0);

  // Ctrl+F inside the console opens its search box (not the browser's). The row clicked is
  // react-virtuoso's: the first screen's plain copies go inert when it takes over, and focus with them.
  await expect(console.locator('[data-virtuoso-scroller]')).toHaveCount(1);
  await expect(row(page, 99_750)).toHaveCount(1);
  await row(page, 99_750).click();
  await page.keyboard.press('Control+f');
  const box = console.getByRole('searchbox', { name: 'Search logs' });
  await expect(box).toBeFocused();
  await box.fill('0000002');
  await expect(console.getByTestId('search-count')).toHaveText('1 of 1');

  const hit = row(page, 2);
  await expect(hit).toBeInViewport();
  await expect(hit.locator('mark[data-current]')).toHaveText('0000002');
  await expect(hit).toHaveAttribute('data-current-match', 'true');

  // A regular expression over the whole log, then an invalid one explained.
  await console.getByRole('button', { name: 'Regular expression' }).click();
  await box.fill('batch 000000[0-2] ');
  await expect(console.getByTestId('search-count')).toHaveText('1 of 2');
  await box.fill('batch (');
  await expect(console.getByRole('alert')).toHaveText(/^Invalid regular expression: /);

  await box.press('Escape');
  await expect(box).toHaveCount(0);
});

test('opens a #L permalink beyond the lines shown by default, and selects a range', async ({
  page,
}) => {
  await openPermalink(page, '/bench/logs/1/1/3', '#L1000', 'bench');
  const target = row(page, 999);
  await expect(target).toBeInViewport();
  await expect(target).toHaveAttribute('data-selected', 'true');
  await expect(stepConsole(page).getByRole('button', { name: 'Show all logs' })).toHaveCount(0);

  await stepConsole(page).getByRole('link', { name: 'Line 1001', exact: true }).click();
  await stepConsole(page)
    .getByRole('link', { name: 'Line 1004', exact: true })
    .click({ modifiers: ['Shift'] });
  await expect(page).toHaveURL(/\/bench\/logs\/1\/1\/3\?scenario=bench#L1001-L1004$/);
  await expect(row(page, 999)).not.toHaveAttribute('data-selected');
  for (const pos of [1000, 1001, 1002, 1003]) {
    await expect(row(page, pos)).toHaveAttribute('data-selected', 'true');
  }
  await stepConsole(page).getByRole('button', { name: 'Copy link' }).click();
  await expect(stepConsole(page).getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/bench\/logs\/1\/1\/3\?scenario=bench#L1001-L1004$/,
  );
});

test('opens a permalink inside a folded group, unfolding it', async ({ page }) => {
  await openPermalink(page, '/acme/api/20/1/2', '#L7');
  await expect(row(page, 6)).toBeInViewport();
  await expect(row(page, 6)).toHaveAttribute('data-selected', 'true');
  await expect(
    stepConsole(page).getByRole('button', { name: 'Download modules', expanded: true }),
  ).toBeVisible();
});

test('switches timestamps between elapsed and wall-clock time, and remembers it', async ({
  page,
}) => {
  await openMock(page, '/acme/api/20/1/2');
  const first = row(page, 0);
  await expect(first).toContainText('+ go version');
  await expect(first.locator('[data-time]')).toHaveText('0s');
  const toggle = stepConsole(page).getByRole('button', { name: 'Clock time' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(first.locator('[data-time]')).toHaveText(/^\d\d:\d\d:\d\d$/);
  await page.reload();
  await expect(row(page, 0).locator('[data-time]')).toHaveText(/^\d\d:\d\d:\d\d$/);
});

test('folds and unfolds a group, one at a time and all at once', async ({ page }) => {
  await openMock(page, '/acme/api/20/1/2');
  const console = stepConsole(page);
  const group = console.getByRole('button', { name: 'Download modules' });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(console.getByText('+ go mod download -x')).toHaveCount(0);
  // Its 13 lines: the end marker is no line.
  await expect(row(page, 2)).toContainText('13 lines');

  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(console.getByText('+ go mod download -x')).toBeVisible();
  await group.click();
  await expect(console.getByText('+ go mod download -x')).toHaveCount(0);

  await console.getByRole('button', { name: 'Expand all' }).click();
  await expect(console.getByText('+ go mod download -x')).toBeVisible();
  await console.getByRole('button', { name: 'Collapse all' }).click();
  await expect(console.getByText('+ go mod download -x')).toHaveCount(0);
});

test('turns URLs and OSC 8 hyperlinks into safe links that open in a new tab', async ({
  page,
  context,
}) => {
  // The demo's hosts do not exist: answer them, so the new tab has something to show.
  await context.route(/acme\.example\.com/, (route) =>
    route.fulfill({ contentType: 'text/plain', body: 'ok' }),
  );
  await openMock(page, '/acme/api/18/3/1');
  const console = stepConsole(page);
  const link = console.getByRole('link', { name: 'https://staging.acme.example.com/healthz' });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', 'https://staging.acme.example.com/healthz');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  const osc8 = console.getByRole('link', { name: 'Rollout dashboard' });
  await expect(osc8).toHaveAttribute(
    'href',
    'https://grafana.acme.example.com/d/rollouts?var-app=api',
  );

  const before = page.url();
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.close();
  expect(page.url()).toBe(before);
  // A GitLab section (collapsed=true) folds its lines under its header.
  await expect(console.getByRole('button', { name: 'Rolling out api' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});
