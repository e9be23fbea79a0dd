import { expect, test } from './fixtures';

// Issue 28 item 9: a path that a URL parser would read as another host (`//evil.example/`, and
// `/\evil.example/`, which the browser turns into it) or a run of slashes shows the console's
// not-found page: never a blank page or an uncaught error (the fixture fails on one), and the
// page never leaves the console's origin.

const NOT_FOUND = 'We are sorry, the resource you requested cannot be found.';

for (const path of ['//evil.example/', '/\\evil.example/', '///', '//evil.example', '//']) {
  test(`${JSON.stringify(path)} shows the not-found page and stays on the console`, async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const offsite: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== origin) offsite.push(request.url());
    });
    // Appended as text: resolving the path against the base URL would leave the console.
    await page.goto(`${origin}${path}?scenario=demo`);
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
    await expect(page).toHaveTitle('Not Found - Drone');
    expect(new URL(page.url()).origin).toBe(origin);
    expect(offsite).toEqual([]);
  });
}
