import { readFile } from 'node:fs/promises';
import type { Download, Locator } from '@playwright/test';
import { expect, openMock, test } from './fixtures';
import { distanceToBottom, stepConsole } from './stepConsole';

// What the log console tells and does for its reader (issue 18): it follows a running step from
// the start and on to the stage's next step, never shows or counts group markers, says which
// lines the tail window shows, offers Retry on a failed log call, and downloads raw logs.
// Demo scenario: acme/api #23 streams stage 1 step 4 'test' when the demo loads; frontend/e2e-tests
// #6 stage 4 waits on its build stage, then runs 'clone' and 'playwright'; acme/api #19 1/4 is a
// finished 267-line log with a folded group; acme/web #14 1/2 'install' prints a GitLab section.

const lastRowPos = (console: Locator) =>
  console
    .locator('[data-pos]')
    .evaluateAll((rows) => Math.max(...rows.map((row) => Number(row.getAttribute('data-pos')))));

const textOf = async (download: Download) => readFile((await download.path())!, 'utf8');

test('follows a running step from the start; scrolling up pauses it, the toggle and End resume it', async ({
  page,
}) => {
  await openMock(page, '/acme/api/23/1/4');
  const console = stepConsole(page);
  await expect(console.getByTestId('console-footer')).toHaveText('Step is running...');
  const following = console.getByRole('button', { name: 'Following logs' });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  const before = await lastRowPos(console);
  await expect.poll(() => lastRowPos(console)).toBeGreaterThan(before + 1);
  await expect.poll(() => distanceToBottom(console)).toBeLessThan(25);

  // Scrolling up pauses following: the list stays where the reader is.
  const scroller = console.getByTestId('virtuoso-scroller');
  await scroller.hover();
  await page.mouse.wheel(0, -600);
  const follow = console.getByRole('button', { name: 'Follow logs' });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => distanceToBottom(console)).toBeGreaterThan(100);

  // The toggle resumes it...
  await follow.click();
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => distanceToBottom(console)).toBeLessThan(25);

  // ...and so does End.
  await scroller.hover();
  await page.mouse.wheel(0, -600);
  await expect(follow).toBeVisible();
  await console.getByRole('heading', { name: 'Console Logs' }).click();
  await page.keyboard.press('End');
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => distanceToBottom(console)).toBeLessThan(25);
});

test("follows on to the stage's next step when the followed one finishes, then the next stage's, URL included", async ({
  page,
}) => {
  // The build page's addresses, in order: following moves the page by the router.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    const step = /\/frontend\/e2e-tests\/6\/(\d+\/\d+)/.exec(frame.url())?.[1];
    if (frame === page.mainFrame() && step && visited.at(-1) !== step) visited.push(step);
  });
  // Pipelines run twice as fast: 'clone' still runs long enough to be followed. On a busy machine
  // the page may first show it already running.
  await openMock(page, '/frontend/e2e-tests/6/4/1?speed=2');
  const console = stepConsole(page);
  await expect(console).toHaveAttribute('aria-label', 'Console of step clone');
  await expect(console.getByTestId('console-footer')).toHaveText(
    /Step is pending|Step is running\.\.\./,
  );
  // Once the build stage is done, 'clone' runs for a few seconds, followed; then 'playwright',
  // then a running step of a later stage (issue 29 item 2).
  await expect.poll(() => visited, { timeout: 120_000 }).toContain('4/2');
  await expect
    .poll(() => visited.some((step) => Number(step.split('/')[0]) > 4), { timeout: 120_000 })
    .toBe(true);
  expect(visited.slice(0, 2)).toEqual(['4/1', '4/2']);
  await expect(console.getByRole('button', { name: 'Following logs' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('never shows group markers as lines, nor counts them', async ({ page }) => {
  // GitLab: `section_start`/`section_end` at lines 3 and 11 of 14.
  await openMock(page, '/acme/web/14/1/2');
  const console = stepConsole(page);
  const section = console.getByRole('button', { name: 'Installing dependencies' });
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await expect(console.getByText('added 1100 packages in 38s')).toBeVisible();
  await expect(console.locator('[data-pos="10"]')).toHaveCount(0);
  await expect(console.locator('[data-pos="11"]')).toBeVisible();
  await section.click();
  await expect(console.locator('[data-pos="2"]')).toContainText('7 lines');

  // GitHub: `::group::` / `::endgroup::`, unfolded.
  await page.goto('/acme/api/20/1/2?scenario=demo');
  const group = console.getByRole('button', { name: 'Download modules' });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await group.click();
  await expect(console.getByText('+ go mod download -x')).toBeVisible();
  await expect(console.locator('[data-pos="16"]')).toHaveCount(0);
  await expect(console.locator('[data-pos]').filter({ hasText: /::|section_/ })).toHaveCount(0);
});

test("says 'last 250 of N lines' beside 'Show all logs', and tells each line's date on hover", async ({
  page,
}) => {
  // 267 lines, of which 2 are the markers of the integration suite's group.
  await openMock(page, '/acme/api/19/1/4');
  const console = stepConsole(page);
  await expect(console.getByTestId('console-tail')).toHaveText('Showing the last 250 of 265 lines');
  const time = console.locator('[data-pos="266"] [data-time]');
  await expect(time).toHaveAttribute('title', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+$/);
  await console.getByRole('button', { name: 'Show all logs' }).click();
  await expect(console.getByTestId('console-tail')).toHaveCount(0);
  await console.getByTestId('virtuoso-scroller').evaluate((element) => element.scrollTo(0, 0));
  await expect(console.locator('[data-pos="0"]')).toBeVisible();
});

test("shows a failed log call's error with Retry, never 'Exit Code 0'", async ({ page }) => {
  const faults = 'GET /api/repos/acme/web/builds/14/logs/*:500=Disk%20full';
  await openMock(page, `/acme/web/14/1/4?faults=${encodeURIComponent(faults)}`);
  const console = stepConsole(page);
  await expect(console.getByRole('alert')).toContainText('Unable to load the log: Disk full');
  await expect(console).not.toContainText('Exit Code');
  await page.evaluate(() =>
    (window as unknown as { droneMock: { setFaults(spec: null): void } }).droneMock.setFaults(null),
  );
  await console.getByRole('button', { name: 'Retry' }).click();
  await expect(console.getByText('+ npm test -- --ci --coverage')).toBeVisible();
  await expect(console.getByRole('alert')).toHaveCount(0);
  await expect(console.getByTestId('console-footer')).toHaveText('Exit Code 0');
});

test("downloads a step's raw log and the whole build's, step by step", async ({ page }) => {
  await openMock(page, '/acme/web/14/1/2');
  const console = stepConsole(page);
  await expect(console.getByText('added 1100 packages in 38s')).toBeVisible();
  const [step] = await Promise.all([
    page.waitForEvent('download'),
    console.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  expect(step.suggestedFilename()).toBe('logs_acme_web_14_1_2.log');
  const raw = await textOf(step);
  // Raw: the markers the console hides are in the file.
  expect(raw).toContain('\u001b[0Ksection_start:');
  expect(raw.startsWith('+ node --version\n')).toBe(true);

  const [build] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download all logs' }).click(),
  ]);
  expect(build.suggestedFilename()).toBe('logs_acme_web_14.log');
  const all = await textOf(build);
  const headers = all.split('\n').filter((line) => line.startsWith('===== '));
  expect(headers).toEqual(
    ['clone', 'install', 'lint', 'test', 'build', 'params'].map(
      (name, index) =>
        `===== default / ${name} (stage 1, step ${index + 1}): success, exit code 0 =====`,
    ),
  );
  expect(all).toContain(`${headers[1]}\n${raw}`);
  expect(all).toContain('+ npm test -- --ci --coverage\n');

  // A running build's logs are not all stored yet: the button waits for it to finish.
  await page.goto('/acme/api/23/1/4?scenario=demo');
  await expect(page.getByRole('button', { name: 'Download all logs' })).toBeDisabled();
});
