import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { expect, openMock, test } from './fixtures';
import { distanceToBottom, rowTop, stepConsole } from './stepConsole';

// The step console (docs/spec.md 2.9, 4.4) on the demo scenario, in the browser's mock server:
// acme/web #14 is a finished node build (jest prints coloured output in step 4 'test');
// acme/api #23 streams a long integration suite in stage 1, step 4 'test' when the demo loads.

/** The pos of every log row in the DOM (react-virtuoso renders only the visible ones). */
const rowPositions = (console: Locator) =>
  console
    .locator('[data-pos]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-pos'))));

test('reads a finished step log with its ANSI colours', async ({ page }) => {
  await openMock(page, '/acme/web/14/1/4');
  const console = stepConsole(page);
  await expect(console.getByText('+ npm test -- --ci --coverage')).toBeVisible();
  // Green bold text from the jest summary: a span styled from the ANSI codes, not HTML. (The
  // tests panel, once the log is parsed, shows '187 passed' too: only the log's rows are read.)
  const passed = console.locator('[data-pos]').getByText('187 passed', { exact: true });
  await expect(passed).toHaveCSS('color', 'rgb(63, 185, 80)');
  await expect(passed).toHaveCSS('font-weight', '700');
  await expect(console.getByTestId('console-footer')).toHaveText('Exit Code 0');
  await expect(console.getByRole('button', { name: 'Follow logs' })).toHaveCount(0);
  // Line numbers start at 1 and every row carries its elapsed time.
  await expect(console.locator('[data-pos="0"]')).toContainText('1+ npm test -- --ci --coverage0s');
});

test('downloads a finished step log as the step log blob name', async ({ page }) => {
  await openMock(page, '/acme/web/14/1/4');
  const console = stepConsole(page);
  await expect(console.getByText('Ran all test suites.')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    console.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('logs_acme_web_14_1_4.log');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('+ npm test -- --ci --coverage\n')).toBe(true);
  // The raw log as the server stored it, colour codes included.
  expect(text).toContain('\u001b[32m');
  expect(text).toContain('Ran all test suites.');
});

test('streams a running step live and follows it', async ({ page }) => {
  await openMock(page, '/acme/api/23/1/4');
  const console = stepConsole(page);
  await expect(console.getByTestId('console-footer')).toHaveText('Step is running...');
  // A running step is followed from the start.
  await expect(console.getByRole('button', { name: 'Following logs' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const before = Math.max(...(await rowPositions(console)));
  await expect
    .poll(async () => Math.max(...(await rowPositions(console))))
    .toBeGreaterThan(before + 2);

  // Following keeps the newest line at the bottom of the list, and the list with the console's
  // footer in the window (1280 by 720).
  await expect.poll(() => distanceToBottom(console)).toBeLessThan(25);
  const footer = console.getByTestId('console-footer');
  await expect
    .poll(async () => {
      const box = (await footer.boundingBox())!;
      return box.y + box.height;
    })
    .toBeLessThanOrEqual(page.viewportSize()!.height);
  // No line twice, none missing among the rows shown.
  const positions = await rowPositions(console);
  expect(positions).toEqual(positions.map((_, index) => positions[0]! + index));

  // Scrolling up stops following.
  await console.getByTestId('virtuoso-scroller').hover();
  await page.mouse.wheel(0, -400);
  await expect(console.getByRole('button', { name: 'Follow logs' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test("shows the last 250 lines, then all of them with 'Show all logs'", async ({ page }) => {
  // bench/logs build 1, step 1 stores 1,000 lines.
  await openMock(page, '/bench/logs/1/1/1', 'bench');
  const console = stepConsole(page);
  await expect(console.locator('[data-pos="750"]')).toBeVisible();
  await expect(console.locator('[data-pos="749"]')).toHaveCount(0);

  await console.getByRole('button', { name: 'Show all logs' }).click();
  await expect(console.getByRole('button', { name: 'Show all logs' })).toHaveCount(0);
  const scroller = console.getByTestId('virtuoso-scroller');
  await scroller.evaluate((element) => element.scrollTo(0, 0));
  await expect(console.locator('[data-pos="0"]')).toBeVisible();
  // Still virtualized: a thousand lines, a few dozen rows in the DOM.
  expect((await rowPositions(console)).length).toBeLessThan(120);
  await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(console.locator('[data-pos="999"]')).toBeVisible();
});

test('follows a step from pending through streaming to its stored log', async ({ page }) => {
  // frontend/e2e-tests #6: stage 4 'e2e-chromium' waits on the build stage, then its step 2
  // 'playwright' streams for about 20 s and succeeds; the mock runs it 4 times faster.
  await openMock(page, '/frontend/e2e-tests/6/4/2?speed=4');
  const console = stepConsole(page);
  const footer = console.getByTestId('console-footer');
  await expect(footer).toHaveText(/Step is pending|Step is running\.\.\./);
  await expect(footer).toHaveText('Step is running...');
  await expect(console.getByText('Running 25 tests using 2 workers')).toBeVisible();
  // Following would go on to the next running step once this one ends (issue 29 item 2): stay.
  await console.getByRole('button', { name: 'Following logs' }).click();
  await expect(footer).toHaveText('Exit Code 0');
  await expect(console.getByText('25 passed (38.7s)')).toBeVisible();
  await expect(console.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(console.getByRole('button', { name: 'Following logs' })).toHaveCount(0);
  const positions = await rowPositions(console);
  expect(positions[0]).toBe(0);
  expect(positions).toEqual(positions.map((_, index) => index));
});

test('shows a million-line log’s last lines while the rest is read, where they then stay', async ({
  page,
}) => {
  // Whether the console ever said it was still reading the rest (the tail shown first).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body?.textContent?.includes('reading the rest')) return;
      (window as unknown as { sawTail: boolean }).sawTail = true;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  // bench/logs build 1, step 4 stores 1,000,000 lines (two of them group markers).
  await openMock(page, '/bench/logs/1/1/4', 'bench');
  const console = stepConsole(page);
  const top = rowTop(page, 'batch 0999750 ');
  const shown = await top();
  await expect(console.getByTestId('console-tail')).toHaveText(
    'Showing the last 250 of 999,998 lines',
  );
  expect(await page.evaluate(() => (window as unknown as { sawTail?: boolean }).sawTail)).toBe(
    true,
  );
  expect(Math.abs((await top()) - shown)).toBeLessThanOrEqual(2);
  await expect(console.getByRole('button', { name: 'Show all logs' })).toBeEnabled();
});
