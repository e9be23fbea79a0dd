import { chromium, type FullConfig } from '@playwright/test';

// Vite transforms modules on first request and may re-optimize dependencies it discovers late,
// reloading the page. Load the console once before the tests so no test pays for a cold start.
export default async function warmUp(config: FullConfig): Promise<void> {
  const project = config.projects.find((item) => item.name === 'mock') ?? config.projects[0];
  const baseURL = project?.use.baseURL;
  if (!baseURL) return;
  const browser = await chromium.launch(project.use.launchOptions);
  try {
    const page = await browser.newPage();
    for (const path of [
      '/?scenario=demo',
      '/acme/api',
      '/acme/api/settings/templates',
      '/acme/web/14',
    ]) {
      await page.goto(`${baseURL}${path}`);
      await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    }
  } finally {
    await browser.close();
  }
}
