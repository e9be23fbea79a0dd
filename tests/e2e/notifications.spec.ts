import type { Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';

// Build notifications and the build page's tab (issue 19 item 1), on the in-browser mock's demo
// scenario. The browser's Notification API is replaced before the app loads: it records the
// notifications shown and the permission requests, and answers them as the test says.

interface RecordedNotice {
  title: string;
  body: string;
  onclick: (() => void) | null;
}

type Recorder = Window & { __notices: RecordedNotice[]; __permissionRequests: number };

async function stubNotifications(page: Page, answer: 'granted' | 'denied') {
  await page.addInitScript((answer) => {
    const notices: unknown[] = [];
    class FakeNotification {
      static permission = 'default';
      static async requestPermission() {
        (window as unknown as Recorder).__permissionRequests += 1;
        FakeNotification.permission = answer;
        return answer;
      }
      onclick: (() => void) | null = null;
      body: string;
      constructor(
        public title: string,
        options?: { body?: string },
      ) {
        this.body = options?.body ?? '';
        notices.push(this);
      }
      close() {}
    }
    Object.assign(window, {
      Notification: FakeNotification,
      __notices: notices,
      __permissionRequests: 0,
    });
  }, answer);
}

const recorded = (page: Page) =>
  page.evaluate(() => {
    const { __notices, __permissionRequests } = window as unknown as Recorder;
    return {
      requests: __permissionRequests,
      titles: __notices.map(({ title, body }) => `${title} | ${body}`),
    };
  });

/** The tab's icon: a status icon comes once its code has (machines/notifications/tabStatus.ts). */
const favicon = (page: Page) => page.locator('link[rel="icon"]');

test('notifies when a started build finishes; the tab shows its status; a click opens it', async ({
  page,
}) => {
  await stubNotifications(page, 'granted');
  // The mock's runner works on the page's clock: the test lets it run. Following the log moves
  // the page on to the running step, so the title names whichever step that is.
  await page.clock.install();
  await openMock(page, '/octocat/hello-world');
  await expect(page.getByRole('button', { name: 'New Build' })).toBeVisible();

  await page.getByRole('button', { name: 'New Build' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Build' });
  await dialog.getByLabel('Branch').fill('main');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/octocat\/hello-world\/\d+$/);
  const number = Number(/(\d+)$/.exec(page.url())?.[1]);

  // Running: the tab says so. Permission is asked only when the user turns notifications on.
  await expect(page).toHaveTitle(
    new RegExp(`^● Build #${number}\\.1\\.\\d+ - octocat/hello-world$`),
  );
  await expect(favicon(page)).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  expect((await recorded(page)).requests).toBe(0);
  const bell = page.getByRole('button', { name: 'Notify me' });
  await bell.click();
  await expect(bell).toHaveAttribute('aria-pressed', 'true');
  expect((await recorded(page)).requests).toBe(1);

  for (let second = 0; second < 90; second += 1) {
    if (!(await page.title()).startsWith('●')) break;
    await page.clock.runFor(1000);
  }
  await expect(page).toHaveTitle(
    new RegExp(`^[✓✗] Build #${number}\\.1\\.\\d+ - octocat/hello-world$`),
  );
  const passed = (await page.title()).startsWith('✓');
  const { titles } = await recorded(page);
  expect(titles).toHaveLength(1);
  expect(titles[0]).toMatch(
    new RegExp(`^octocat/hello-world #${number} ${passed ? 'passed' : 'failed'} \\| `),
  );

  // Elsewhere, the tab is the console's again; the notification brings the build back.
  await page.evaluate(() => window.history.pushState(null, '', '/'));
  await expect(page).toHaveTitle('Dashboard - Drone');
  await expect(favicon(page)).toHaveAttribute('href', '/favicon.svg');
  await page.evaluate(() => (window as unknown as Recorder).__notices[0]!.onclick?.());
  await expect(page).toHaveURL(new RegExp(`/octocat/hello-world/${number}$`));
});

test('a denied permission shows how to allow notifications', async ({ page }) => {
  await stubNotifications(page, 'denied');
  await openMock(page, '/account');
  const card = page.getByRole('region', { name: 'Build notifications' });
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('note')).toContainText('Notifications are blocked for this site');
  expect((await recorded(page)).requests).toBe(1);

  // The build page's bell says the same.
  await page.evaluate(() => window.history.pushState(null, '', '/acme/api/19'));
  const bell = page.getByRole('button', { name: 'Notify me' });
  await expect(bell).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('note')).toContainText("Allow them in your browser's site settings");
});
