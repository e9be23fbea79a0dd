import type { Page } from '@playwright/test';
import type { Build } from '../../src/api/types';
import { HOSTILE_TARGET, LONG_SLUG } from '../../fixtures/hostile-data';
import { expect, openMock, test } from './fixtures';

// No page may scroll sideways, on a phone (375 px) or a laptop (1280 px), with the demo's data or
// with the hostile scenario's huge words and a 100 KB one-line commit message: long text wraps or
// is clipped with the whole of it reachable, and tables scroll inside their own box with their
// row actions on screen.

const WIDTHS = [375, 1280];
// Some forty screens, each in two widths, on one page load per scenario.
test.setTimeout(240_000);

interface Screen {
  path: string;
  /** Text that shows once the screen has loaded its data. */
  ready: string | RegExp;
}

const DEMO: Screen[] = [
  { path: '/', ready: 'Recent Activity' },
  { path: '/builds-feed', ready: /pushed|created|promoted/ },
  { path: '/account', ready: /token/i },
  { path: '/settings/users', ready: 'member' },
  { path: '/acme/api', ready: 'Executions' },
  { path: '/acme/api/branches', ready: 'main' },
  { path: '/acme/api/deployments', ready: /production|staging/ },
  { path: '/acme/api/settings', ready: 'Save Changes' },
  { path: '/acme/api/settings/secrets', ready: 'docker_password' },
  { path: '/acme/api/settings/cron', ready: 'hourly-smoke' },
  { path: '/acme/api/settings/badges', ready: 'Copy' },
  { path: '/acme/api/settings/org-secrets', ready: 'sonar_token' },
  { path: '/acme/api/settings/templates', ready: 'go-service.yaml' },
  { path: '/acme/api/2/1/2', ready: 'Console Logs' },
  { path: '/acme/api/2?view=graph', ready: 'Stages' },
  { path: '/acme/api/2?view=card', ready: 'Test report' },
  { path: '/nobody/nothing', ready: 'We are sorry, the resource you requested cannot be found.' },
  { path: '/-/machines', ready: /session/ },
];

/** The hostile scenario's screens; `{failed}` and `{long}` are build numbers found at run time. */
const HOSTILE_SCREENS: Screen[] = [
  { path: '/', ready: 'Recent Activity' },
  { path: '/builds-feed', ready: /^Render / },
  { path: '/settings/users', ready: 'member' },
  { path: '/hostile/xss', ready: 'Executions' },
  { path: '/hostile/xss/branches', ready: /release\/x/ },
  { path: '/hostile/xss/deployments', ready: HOSTILE_TARGET },
  { path: '/hostile/xss/settings', ready: 'Save Changes' },
  { path: '/hostile/xss/settings/secrets', ready: /SECRET_x/ },
  { path: '/hostile/xss/settings/cron', ready: /cron_x/ },
  { path: '/hostile/xss/settings/org-secrets', ready: /Organization Secrets/ },
  { path: '/hostile/xss/settings/templates', ready: /template_x/ },
  { path: '/hostile/xss/{failed}', ready: 'Pipeline stages' },
  { path: '/hostile/xss/{failed}?view=graph', ready: 'Stages' },
  { path: `/${LONG_SLUG}`, ready: 'Executions' },
  { path: '/hostile/xss/{long}', ready: 'Pipeline stages' },
  // 100 KB author, branch, stage and step names, and times no Date holds (issue 28 item 11).
  { path: '/hostile/extremes', ready: 'Executions' },
  { path: '/hostile/extremes/branches', ready: 'Build 2 of times no clock can read' },
  { path: '/hostile/extremes/1', ready: 'Pipeline stages' },
  { path: '/hostile/extremes/2/1/2', ready: 'Console Logs' },
  { path: '/hostile/extremes/1?view=graph', ready: 'Stages' },
  { path: '/hostile/extremes/2?view=compare', ready: /^Compared with/ },
  { path: '/hostile/extremes/settings/cron', ready: 'forever' },
];

/** In-app navigation: no reload, so the scenario's data (and the long build) stay as they are. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
}

async function pageOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
}

/** Boxes a `width`-wide screen does not fully show, each with a line saying what it is. */
async function unusableAt(page: Page, width: number): Promise<string[]> {
  return page.evaluate((viewport) => {
    const problems: string[] = [];
    const outside = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.left < 0 || box.right > viewport;
    };
    // A table's row actions (Edit, Delete) stay on screen.
    for (const button of document.querySelectorAll('tbody td:last-child button')) {
      if (outside(button)) problems.push(`row action ${button.getAttribute('aria-label')}`);
    }
    // On a phone no column hides behind a sideways scroll (issue 29 item 11): a table fits its
    // box. (A wide screen may scroll a table of 100 KB names in its box.)
    const tables = viewport < 768 ? document.querySelectorAll('main table') : [];
    for (const table of tables) {
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth + 1 || outside(table)) {
        problems.push(`table ${table.getAttribute('aria-label') ?? ''} wider than the screen`);
      }
    }
    // A tab or a settings link shows its whole word, on screen (issue 29 item 11).
    const links = document.querySelectorAll(
      'nav[aria-label="Repository"] > *, nav[aria-label="Settings"] > a',
    );
    for (const link of links) {
      if (link.scrollWidth > link.clientWidth + 1 || outside(link)) {
        problems.push(`${link.textContent} clipped`);
      }
    }
    // The build's view toggles: each label on one line, each toggle on screen.
    for (const toggle of document.querySelectorAll('nav[aria-label="Build views"] a')) {
      const range = document.createRange();
      range.selectNodeContents(toggle);
      const lineHeight = parseFloat(getComputedStyle(toggle).lineHeight);
      if (range.getBoundingClientRect().height > lineHeight * 1.5) {
        problems.push(`view toggle ${toggle.textContent} wraps`);
      }
      if (outside(toggle)) problems.push(`view toggle ${toggle.textContent} off screen`);
    }
    return problems;
  }, width);
}

async function expectNoSidewaysScroll(page: Page, screens: Screen[]): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const { path, ready } of screens) {
      await visit(page, path);
      const text = page.getByText(ready, { exact: typeof ready === 'string' }).first();
      await expect(text, `${path} at ${width}px`).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      const { scrollWidth, clientWidth } = await pageOverflow(page);
      expect(scrollWidth, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(
        clientWidth,
      );
      expect(await unusableAt(page, width), `${path} at ${width}px`).toEqual([]);
    }
  }
}

/** The newest build of hostile/xss matching `wanted`, through the mock's API. */
async function findBuild(page: Page, wanted: (build: Build) => boolean): Promise<Build> {
  const builds = await page.evaluate(() =>
    fetch('/api/repos/hostile/xss/builds?per_page=100').then(
      (response) => response.json() as Promise<Build[]>,
    ),
  );
  const build = builds.find(wanted);
  if (!build) throw new Error('no such build of hostile/xss');
  return build;
}

test('no demo page scrolls sideways or hides a control at 375 or 1280 px', async ({ page }) => {
  await openMock(page, '/');
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  await expectNoSidewaysScroll(page, DEMO);
});

test('no hostile page scrolls sideways or hides a control at 375 or 1280 px, even with a 100 KB message', async ({
  page,
}) => {
  await openMock(page, '/', 'hostile');
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  // A 100 KB commit message on one line, without a space in it (docs/drone-api.md 4.2: `message`).
  const long = await page.evaluate(async (message) => {
    const response = await fetch(`/api/repos/hostile/xss/builds?branch=main&message=${message}`, {
      method: 'POST',
    });
    return (await response.json()) as Build;
  }, 'x'.repeat(100_000));
  const failed = await findBuild(page, (build) => build.status === 'failure');
  const screens = HOSTILE_SCREENS.map((screen) => ({
    ...screen,
    path: screen.path
      .replace('{failed}', String(failed.number))
      .replace('{long}', String(long.number)),
  }));
  await expectNoSidewaysScroll(page, screens);
});

test('a 100 KB headline is clamped, and Show all reveals it without sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openMock(page, '/hostile/xss', 'hostile');
  await expect(page.getByText('Executions')).toBeVisible();
  const message = `${'y'.repeat(100_000)}END`;
  const long = await page.evaluate(async (text) => {
    const response = await fetch(`/api/repos/hostile/xss/builds?branch=main&message=${text}`, {
      method: 'POST',
    });
    return (await response.json()) as Build;
  }, message);
  await visit(page, `/hostile/xss/${long.number}`);
  const headline = page.getByRole('heading', { level: 1 });
  await expect(headline).toBeVisible();
  // Three lines of the title at most, and not the end of it.
  expect((await headline.boundingBox())!.height).toBeLessThan(200);
  await expect(headline).not.toContainText('END');
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(headline).toContainText('END');
  expect((await pageOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Show less' }).click();
  await expect(headline).not.toContainText('END');
});

test('at 375 px the users table keeps words whole, every column on screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openMock(page, '/settings/users', 'hostile');
  // On a phone a cell's name includes its column's (the label before it): find it by its text.
  const cell = page
    .locator('td')
    .filter({ hasText: /^Member$/ })
    .first();
  await expect(cell).toBeVisible();
  // One line: 'Member' is not broken letter by letter.
  const lineHeight = await cell.evaluate((element) =>
    parseFloat(getComputedStyle(element).lineHeight),
  );
  const box = await cell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect().height;
  });
  expect(box).toBeLessThan(lineHeight * 1.5);
  // Each row a card: every cell on screen, none behind a sideways scroll or the Edit button.
  const table = page.getByRole('table');
  const scroller = await table.evaluate((element) => {
    const parent = element.parentElement!;
    return { scrollWidth: parent.scrollWidth, clientWidth: parent.clientWidth };
  });
  expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
  const row = page.getByTestId('user-row').filter({ hasText: 'Machine' }).first();
  const machine = await row.getByText('Machine', { exact: true }).boundingBox();
  const edit = await row.getByRole('button', { name: /^Edit / }).boundingBox();
  expect(machine!.x + machine!.width).toBeLessThanOrEqual(375);
  const overlaps = machine!.y < edit!.y + edit!.height && edit!.y < machine!.y + machine!.height;
  expect(overlaps && edit!.x < machine!.x + machine!.width).toBe(false);
  expect((await pageOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
});

// Issue 29 item 11: what a phone's first screen shows, and what the settings menu says.
test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('the repository page shows its executions on the first screen', async ({ page }) => {
    await openMock(page, '/acme/api');
    const first = page.getByTestId('execution').first();
    await expect(first).toBeVisible();
    expect((await first.boundingBox())!.y).toBeLessThan(667);
  });

  test("the settings menu names the organization's links", async ({ page }) => {
    await openMock(page, '/acme/api/settings/secrets');
    const nav = page.getByRole('navigation', { name: 'Settings' });
    const heading = nav.getByText('Organization');
    await expect(heading).toBeVisible();
    // The organization's Secrets is on a line below its heading, not beside the repository's.
    const [repoSecrets, orgSecrets] = await nav.getByRole('link', { name: 'Secrets' }).all();
    const headingBox = (await heading.boundingBox())!;
    expect((await orgSecrets!.boundingBox())!.y).toBeGreaterThan(headingBox.y);
    expect((await repoSecrets!.boundingBox())!.y).toBeLessThan(headingBox.y);
  });

  test("the build's title has a line of its own under its status", async ({ page }) => {
    await openMock(page, '/acme/api/2');
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toBeVisible();
    const status = (await page.getByTestId('build-status').boundingBox())!;
    expect((await title.boundingBox())!.y).toBeGreaterThanOrEqual(status.y + status.height);
  });
});

// Issue 29 item 12: avatars, an image or an initial, on one line with their names.
test('the users table lines up image avatars and initials with the names', async ({ page }) => {
  await openMock(page, '/settings/users');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  const offsets = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="user-row"]')].map((row) => {
      const avatar = row.querySelector('[data-testid="avatar"]')!.getBoundingClientRect();
      const name = row.children[1]!.getBoundingClientRect();
      const kind = row.querySelector('[data-testid="avatar"] img') ? 'image' : 'initial';
      return {
        kind,
        offset: Math.round(avatar.top + avatar.height / 2 - (name.top + name.height / 2)),
      };
    }),
  );
  // The demo has both kinds.
  expect(new Set(offsets.map((each) => each.kind))).toEqual(new Set(['image', 'initial']));
  for (const { offset } of offsets) expect(Math.abs(offset)).toBeLessThanOrEqual(1);
});

// Issue 28 item 11: a 100 KB author, branch, stage or step name wraps, but a few lines of it, not
// the thousands it would take: what follows it stays within reach.
test('at 375 px 100 KB names take a few lines, not the whole page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openMock(page, '/hostile/extremes', 'hostile');
  await expect(page.getByText('Executions')).toBeVisible();
  const screens: Screen[] = [
    { path: '/hostile/extremes', ready: 'Executions' },
    { path: '/hostile/extremes/branches', ready: 'Build 2 of times no clock can read' },
    { path: '/hostile/extremes/1', ready: 'Pipeline stages' },
    { path: '/hostile/extremes/1?view=graph', ready: 'Stages' },
    { path: '/hostile/extremes/2?view=compare', ready: /^Compared with/ },
    { path: '/hostile/extremes/settings/cron', ready: 'forever' },
  ];
  for (const { path, ready } of screens) {
    await visit(page, path);
    const text = page.getByText(ready, { exact: typeof ready === 'string' }).first();
    await expect(text, path).toBeVisible();
    // Unclamped, one of these names alone is some 2,500 lines (over 50,000 px) at this width.
    const height = await page.evaluate(() => document.scrollingElement!.scrollHeight);
    expect(height, `${path} is ${height}px tall`).toBeLessThan(4000);
  }
});
