import { expect, openMock, test } from './fixtures';

// The embedded mock's service worker across page loads (mock-server/browser.ts).

test('a page loads cleanly when the mock worker drops its registration as the page starts', async ({
  page,
}) => {
  await openMock(page, '/acme/api');
  await expect(page.getByRole('heading', { level: 1, name: 'api' })).toBeVisible();
  // msw's worker unregisters itself when the page it served closes, and the next page registers
  // it again. On a busy machine the worker can do so late: the next page's msw has found the
  // registration, then it is dropped, and msw's update() of it fails "Not found" unhandled.
  // Reproduce that order every time: each lookup finds the registration, then drops it.
  await page.addInitScript(() => {
    const lookUp = ServiceWorkerContainer.prototype.getRegistrations;
    ServiceWorkerContainer.prototype.getRegistrations = async function () {
      await this.register('/mockServiceWorker.js');
      const registrations = await lookUp.call(this);
      await Promise.all(registrations.map((registration) => registration.unregister()));
      Object.assign(window, { droppedRegistrations: registrations });
      return registrations;
    };
  });
  await page.goto('/acme/web');
  // The console still works on the worker that controls the page.
  await expect(page.getByRole('heading', { level: 1, name: 'web' })).toBeVisible();
  await expect(page.getByTestId('execution').first()).toBeVisible();
  // Updates of a registration run in order: once this one has failed, msw's has too, and the
  // fixture has seen any "Failed to update a ServiceWorker" error that escaped.
  const updated = await page.evaluate(() => {
    const { droppedRegistrations } = window as unknown as {
      droppedRegistrations: ServiceWorkerRegistration[];
    };
    return Promise.all(
      droppedRegistrations.map((registration) =>
        registration.update().then(
          () => 'updated',
          (error: Error) => error.message,
        ),
      ),
    );
  });
  expect(updated).toEqual([expect.stringContaining('Not found')]);
});
