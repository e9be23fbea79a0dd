import { expect, openMock, test } from './fixtures';

// The machines page (/-/machines, issue 10): every machine drawn from its definition, its
// states listed as buttons, and live inspection of the actors running in other tabs.

test('draws the console machine and details a state chosen in the list', async ({ page }) => {
  await openMock(page, '/-/machines');
  const machines = page.getByRole('navigation', { name: 'Machines' });
  await expect(machines.getByRole('button', { name: 'console', exact: true })).toBeVisible();
  await machines.getByRole('button', { name: 'console', exact: true }).click();
  await expect(page.getByText(/^console: /)).toBeVisible();

  const chart = page.getByRole('img', { name: 'State chart of console' });
  await expect(chart.locator('canvas').first()).toBeVisible();

  const states = page.getByRole('list', { name: 'States of console' });
  await states.getByRole('button', { name: /^loading\.fetching/ }).click();
  const details = page.getByTestId('state-details');
  await expect(details).toContainText('loading.fetching');
  await expect(details).toContainText('fetchStepLogs');
  await expect(states.getByRole('button', { name: /^loading\.fetching/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Initial and final states are marked in the list as on the chart.
  await expect(states.getByRole('button', { name: 'stream_on.streaming (initial)' })).toBeVisible();
});

test('lists the console actor of a build page open in another tab', async ({ page, context }) => {
  await openMock(page, '/-/machines?machine=console');
  await page.getByRole('checkbox', { name: 'Report running actors' }).check();

  // A second page of the same browser context: same origin, same BroadcastChannel.
  const build = await context.newPage();
  await openMock(build, '/acme/web/14/1/4');
  await expect(build.getByText('Ran all test suites.')).toBeVisible();

  const running = page.getByRole('list', { name: 'Running actors' });
  const consoleActor = running.getByRole('button', { name: /^console: / });
  await expect(consoleActor).toBeVisible();
  await expect(consoleActor).toHaveText('console: resolved');
  // Following it highlights its state on the chart and in the list of states.
  await consoleActor.click();
  await expect(consoleActor).toHaveAttribute('aria-pressed', 'true');
  const states = page.getByRole('list', { name: 'States of console' });
  await expect(states.getByRole('button', { name: 'resolved (current)' })).toBeVisible();

  // Closing the tab takes its actors off the list.
  await build.close();
  await expect(running.getByRole('button', { name: /^console: / })).toHaveCount(0);
});
