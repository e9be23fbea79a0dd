import type { Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';

// Languages (issue 19): the console speaks the browser's language until the user picks one on the
// account page; the pick survives a reload and sets <html lang>.

const html = (page: Page) => page.locator('html');

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' });

  test('gets English, and picking 简体中文 switches every text and survives a reload', async ({
    page,
  }) => {
    await openMock(page, '/account');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'en');

    await page.getByLabel('Language').selectOption({ label: '简体中文' });
    await expect(page.getByRole('heading', { name: '账户设置' })).toBeVisible();
    await expect(page.getByRole('link', { name: '退出登录' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'zh-CN');
    await expect(page).toHaveTitle('账户 - Drone');

    await page.reload();
    await expect(page.getByRole('heading', { name: '账户设置' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByLabel('语言')).toHaveValue('zh-CN');

    // Another screen, dates and times included: relative in Chinese, the absolute time on hover.
    await page.getByRole('link', { name: 'Drone 首页' }).click();
    await expect(page.getByRole('heading', { name: '仪表板' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '最近活动' })).toBeVisible();
    const time = page.locator('time[title]').first();
    await expect(time).toHaveText(/前|昨天|前天|刚刚|现在/);
    await expect(time).toHaveAttribute('title', /\d{4}年\d{1,2}月\d{1,2}日/);

    // And back: English, remembered too.
    await page.goto('/account');
    await page.getByLabel('语言').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
  });

  test('a Chinese catalog whose download failed is fetched again on Retry', async ({ page }) => {
    // The first request of the catalog's chunk fails (a network error); later ones go through.
    // (Chromium fetches a failed import again by itself; retryingImport.test.ts covers the
    // browsers that remember the failure.)
    const requests: string[] = [];
    // (The context routes what the mock's service worker fetches too.)
    await page.context().route(/\/zh-CN[^/]*\.(js|ts)(\?|$)/, async (route) => {
      requests.push(route.request().url());
      if (requests.length === 1) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await openMock(page, '/account');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await page.getByLabel('Language').selectOption({ label: '简体中文' });
    await expect(
      page.getByText('Unable to load the texts of 简体中文, showing English'),
    ).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('status').filter({ hasText: 'could not be loaded' })).toHaveText(
      'The texts of 简体中文 could not be loaded.Retry',
    );

    // Retry under the picker really asks again.
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: '账户设置' })).toBeVisible();
    await expect(page.getByRole('button', { name: '重试' })).toHaveCount(0);
    await expect(html(page)).toHaveAttribute('lang', 'zh-CN');
    expect(requests).toHaveLength(2);
  });
});

test.describe('a Chinese browser', () => {
  test.use({ locale: 'zh-CN' });

  test('gets Chinese by default', async ({ page }) => {
    await openMock(page, '/');
    await expect(page.getByRole('heading', { name: '仪表板' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('button', { name: '同步' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();

    // English picked, kept over the browser's Chinese; picking the browser's language forgets it.
    await page.getByRole('link', { name: '账户设置' }).click();
    await page.getByLabel('语言').selectOption('en');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await page.getByLabel('Language').selectOption({ label: "Browser's language (简体中文)" });
    await expect(page.getByRole('heading', { name: '账户设置' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'zh-CN');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
  });
});
