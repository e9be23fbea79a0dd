import type { Page } from '@playwright/test';
import {
  HOSTILE,
  HOSTILE_BUILD_ERROR,
  HOSTILE_COMMITS,
  HOSTILE_ERROR,
  HOSTILE_ESCAPES,
  HOSTILE_LOGINS,
  HOSTILE_STAGE,
  HOSTILE_STEP,
  HOSTILE_TARGET,
  LONG_SLUG,
  MARKUP_SLUG,
} from '../../fixtures/hostile-data';
import { EXTREME_LOGIN } from '../../fixtures/hostile-extremes';
import {
  SPOOF_BRANCHES,
  SPOOF_COMMITS,
  SPOOF_STAGE,
  SPOOF_STEPS,
} from '../../fixtures/hostile-spoof';
import { expect, openMock, test } from './fixtures';
import { expectInert } from './hostileChecks';
import { stepConsole } from './stepConsole';

// Every screen on the `hostile` scenario (fixtures/hostile.ts) in the in-browser mock: its data
// is markup, script, event handlers, javascript: URLs, template expressions, terminal escapes,
// bidi overrides and huge words. Any payload that ran would set window.__pwned; each screen must
// show the payloads as plain text instead (invisible characters as markers). The same scenario
// over HTTP, payload by payload: hostile-standalone.spec.ts.

async function visit(page: Page, path: string, texts: readonly string[]): Promise<void> {
  await page.goto(path);
  await expectInert(page, texts);
}

test('dashboard, search and builds feed', async ({ page }) => {
  await openMock(page, '/', 'hostile');
  await expectInert(page, [HOSTILE_COMMITS[3]!, MARKUP_SLUG, `${HOSTILE.svg}/tools`]);
  await expect(page.getByRole('option', { name: HOSTILE.svg })).toBeAttached();

  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search repositories' }).fill('<img');
  await expectInert(page, ['Search results']);
  await page.keyboard.press('Escape');

  await visit(page, '/builds-feed', [HOSTILE_COMMITS[1]!]);
});

test('repository tabs: builds, branches, deployments and the New Build dialog', async ({
  page,
}) => {
  await openMock(page, '/hostile/xss', 'hostile');
  await expectInert(page, [HOSTILE_COMMITS[1]!, `Branch ${HOSTILE.img}`]);
  await visit(page, '/hostile/xss/branches', [`feature/${HOSTILE.img}`]);
  await visit(page, '/hostile/xss/deployments', [HOSTILE_TARGET]);
  await page.getByRole('button', { name: 'New Build' }).click();
  await page.getByLabel('Branch').fill(HOSTILE.img);
  await page.getByLabel('Parameter key').fill(HOSTILE.script);
  await page.getByLabel('Parameter value').fill(HOSTILE.attribute);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByLabel('Parameter 1 key')).toHaveValue(HOSTILE.script);
  await expectInert(page, []);
  await visit(page, `/${LONG_SLUG}`, [LONG_SLUG.split('/')[1]!]);
});

test('build page: header, stages, steps, stored log, error build and live log', async ({
  page,
}) => {
  await openMock(page, '/hostile/xss/7/1/2', 'hostile');
  await expectInert(page, [HOSTILE_COMMITS[1]!, HOSTILE_STAGE, HOSTILE_STEP, HOSTILE.svg]);
  const console = stepConsole(page);
  await expect(console.getByText(HOSTILE.script, { exact: true })).toBeVisible();
  await expect(console.getByText(HOSTILE.img, { exact: true })).toBeVisible();

  await visit(page, '/hostile/xss/7/1/4', [HOSTILE_ERROR]);
  await visit(page, '/hostile/xss/7?view=graph', [HOSTILE_COMMITS[1]!]);
  await visit(page, '/hostile/xss/7?view=card', [HOSTILE.iframe, HOSTILE.markdownLink]);
  await visit(page, '/hostile/xss/8', [HOSTILE_BUILD_ERROR]);
  await visit(page, '/hostile/xss/5', [HOSTILE_TARGET]);
  // Build 9 runs at load; its params step echoes the parameters (live, or stored once done).
  await visit(page, '/hostile/xss/9/1/3', [`+ echo $KEY_${HOSTILE.img}`, HOSTILE.script]);
});

test('repository settings: general, secrets, cron, org secrets, templates, badges', async ({
  page,
}) => {
  await openMock(page, '/hostile/xss/settings', 'hostile');
  await expectInert(page, ['Settings']);
  await visit(page, '/hostile/xss/settings/secrets', [HOSTILE.img]);
  await visit(page, '/hostile/xss/settings/cron', [HOSTILE.script, `feature/${HOSTILE.img}`]);
  await visit(page, '/hostile/xss/settings/org-secrets', [HOSTILE.svg, HOSTILE.attribute]);
  await visit(page, '/hostile/xss/settings/templates', [`${HOSTILE.img}.yaml`]);
  await page.getByRole('button', { name: `Edit ${HOSTILE.img}.yaml` }).click();
  // CodeMirror splits a line into highlighted spans: read the whole editor's text.
  await expect(page.locator('.cm-content')).toContainText(`name: ${HOSTILE.script}`);
  await expectInert(page, []);
  await page.keyboard.press('Escape');
  await visit(page, '/hostile/xss/settings/badges', ['Badges']);
});

test('system administration and account', async ({ page }) => {
  await openMock(page, '/settings/users', 'hostile');
  await expectInert(page, [HOSTILE_LOGINS[0]!, HOSTILE_LOGINS[1]!]);
  await page.getByRole('button', { name: `Edit ${HOSTILE_LOGINS[0]!}` }).click();
  await expectInert(page, []);
  await page.keyboard.press('Escape');
  await visit(page, '/account', ['admin']);
});

test('invisible and direction-changing characters show as markers, in the log too', async ({
  page,
}) => {
  await openMock(page, '/hostile/spoof/1/1/1', 'hostile');
  await expectInert(page, [
    SPOOF_COMMITS[0]!,
    SPOOF_STAGE,
    ...Object.values(SPOOF_STEPS),
    HOSTILE_ESCAPES.invisible,
  ]);
  const marker = page.locator('h1 [data-invisible="U+2067"]').first();
  await expect(marker).toHaveText('U+2067');
  await expect(marker).toHaveAttribute('title', /right-to-left isolate/);
  // After the tab's status prefix (issue 19 item 1).
  await expect(page).toHaveTitle(/^[●✓✗⏸] Build #1\.1\.1 - hostile\/spoof$/);
});

// Issue 28 item 10: text that is not DOM text (aria-labels, titles, interpolated notices such as
// a filter's chip) shows invisible characters as <U+XXXX> too; expectInert reads those attributes.
test('invisible characters are marked in labels and notices, not only in text', async ({
  page,
}) => {
  const branch = encodeURIComponent(SPOOF_BRANCHES.bidi);
  await openMock(page, `/hostile/spoof?branch=${branch}`, 'hostile');
  const chip = page.getByTestId('filter-chip');
  await expect(chip).toHaveAttribute('aria-label', /^Remove filter .*invoice<U\+202E>exe/);
  await expectInert(page, [SPOOF_COMMITS[0]!]);
  // The first build of its branch: the notice that says so names the branch.
  await page.goto('/hostile/spoof/1?view=compare');
  await expect(page.getByTestId('compare-none')).toContainText('U+202E');
  await expectInert(page, []);
});

// Issue 28 item 8: hostile/extremes sends times past what a Date holds (1e15 seconds) and text
// where numbers belong. Each screen renders (the fixture fails on any console error, a crashed
// screen logs one) and shows such a value as unknown.
test('times and numbers no clock can read: every screen renders them as unknown', async ({
  page,
}) => {
  const screens: Array<[string, string]> = [
    ['/', 'Build 2 of times no clock can read'],
    ['/builds-feed', 'Build 2 of times no clock can read'],
    ['/hostile/extremes', 'Build 1 of times no clock can read'],
    ['/hostile/extremes/branches', 'Build 2 of times no clock can read'],
    ['/hostile/extremes/1', 'Pipeline stages'],
    ['/hostile/extremes/2/1/2', 'a line whose time is text'],
    ['/hostile/extremes/1?view=graph', 'Stages'],
    ['/hostile/extremes/2?view=compare', 'Compared with'],
    ['/hostile/extremes/settings/cron', 'forever'],
    ['/settings/users', EXTREME_LOGIN],
  ];
  await openMock(page, '/', 'hostile');
  for (const [path, ready] of screens) {
    if (path !== '/') await page.goto(path);
    await expect(page.getByText(ready).first(), path).toBeVisible();
    await expect(page.getByText('This screen failed to display.')).toHaveCount(0);
    await expect(page.getByText('unknown', { exact: true }).first(), path).toBeVisible();
  }
  // The account page shows no server time; it must render all the same.
  await page.goto('/account');
  await expect(page.getByText('Your Personal Token')).toBeVisible();
});
