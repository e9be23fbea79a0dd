import { readFile } from 'node:fs/promises';
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
  await expect(states.getByRole('button', { name: 'loading.waiting (initial)' })).toBeVisible();
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

test('lists the app-wide actors, each a click from its chart', async ({ page }) => {
  await openMock(page, '/-/machines');
  const list = page.getByRole('region', { name: 'App-wide actors' });
  const session = list.getByRole('button', { name: /^session/ });
  // The session runs in every tab from the first render; the palette only once it is used.
  await expect(session).toContainText('whole visit · running in this tab');
  await expect(list.getByRole('button', { name: /^palette\b/ })).toHaveText(
    /^palette\s*until sign-out$/,
  );
  await list.getByRole('button', { name: /^notifications/ }).click();
  await expect(page.getByText(/^notifications: /)).toBeVisible();
  await expect(page.getByRole('list', { name: 'States of notifications' })).toBeVisible();
});

test('exports the shown machine as code Stately Studio imports', async ({ page }) => {
  await openMock(page, '/-/machines?machine=console');
  const link = page.getByRole('link', { name: 'Export for Stately Studio (console.machine.ts)' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('console.machine.ts');
  const code = await readFile((await download.path())!, 'utf8');
  expect(code).toContain("import { createMachine } from 'xstate';");
  expect(code).toContain('export const machine = createMachine({\n  id: "console"');
  expect(code).not.toContain('[fn');
});

test('simulates the shown machine: events sent by hand, the state reached', async ({ page }) => {
  await openMock(page, '/-/machines?machine=session');
  await page.getByRole('button', { name: 'Simulate' }).click();
  const simulation = page.getByRole('region', { name: 'Simulation' });
  await expect(simulation.getByRole('status')).toHaveText('State: loading');
  await simulation.getByRole('button', { name: 'error fetchUser [isUnauthorized]' }).click();
  await expect(simulation.getByRole('status')).toHaveText('State: anonymous');
  const states = page.getByRole('list', { name: 'States of session' });
  await expect(states.getByRole('button', { name: 'anonymous (current)' })).toBeVisible();
  await simulation.getByRole('button', { name: 'session.reload' }).click();
  await simulation.getByRole('button', { name: 'done fetchUser' }).click();
  await expect(simulation.getByRole('status')).toHaveText('State: signedIn');
  const sent = simulation.getByRole('list', { name: 'Events sent:' });
  await expect(sent.getByRole('listitem')).toHaveText([
    'error fetchUser [isUnauthorized]',
    'session.reload',
    'done fetchUser',
  ]);
  await simulation.getByRole('button', { name: 'Stop simulating' }).click();
  await expect(simulation).toHaveCount(0);
});

// Stately's inspector is a page of another site; this machine has no network, so the test plays
// it: a page that answers as Stately's does, or no page at all.
const INSPECTOR = 'https://stately.ai/inspect';
const ANSWERING_INSPECTOR = `<!doctype html><script>
  window.received = [];
  addEventListener('message', (event) => window.received.push(event.data));
  opener.postMessage({ type: '@statelyai.connected' }, '*');
</script>`;

test("connects a console tab's actors to Stately's inspector with ?inspect=stately", async ({
  page,
  context,
}) => {
  await context.route(`${INSPECTOR}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: ANSWERING_INSPECTOR }),
  );
  const popup = context.waitForEvent('page');
  await openMock(page, '/acme/web/14/1/4?inspect=stately');
  const bar = page.getByRole('complementary', { name: "Stately's inspector" });
  await expect(bar.getByRole('status')).toHaveText(
    "Attached: this tab's actors show in Stately's inspector.",
  );
  // The page in the inspector's window was told of this tab's console actor.
  const inspector = await popup;
  await expect
    .poll(() =>
      inspector.evaluate(() => JSON.stringify((window as { received?: unknown }).received)),
    )
    .toContain('"name":"console"');
});

test("says so when Stately's inspector does not open", async ({ page, context }) => {
  await context.route(`${INSPECTOR}**`, (route) => route.abort('internetdisconnected'));
  await openMock(page, '/acme/web/14/1/4?inspect=stately');
  const bar = page.getByRole('complementary', { name: "Stately's inspector" });
  await expect(bar.getByRole('button', { name: "Opening Stately's inspector…" })).toBeDisabled();
  // Never "attached": the page did not answer, and the bar says what to do.
  await expect(bar.getByRole('alert')).toHaveText(
    `Stately's inspector did not open: ${INSPECTOR} did not answer within 15 seconds (no network, or the site is blocked). Nothing was sent.`,
    { timeout: 45_000 },
  );
  await expect(bar.getByRole('status')).toHaveCount(0);
  await expect(bar.getByRole('button', { name: "Try Stately's inspector again" })).toBeEnabled();
});
