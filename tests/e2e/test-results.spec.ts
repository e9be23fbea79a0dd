import AxeBuilder from '@axe-core/playwright';
import { expect, openMock, test } from './fixtures';
import { stepConsole } from './stepConsole';

// Issue 30 item 4 on the demo: acme/ledger's steps print TAP, go test -v, pytest, Jest and JUnit
// XML, and upload a drone-junit card. Build #2 failed some cases; #3 fails those (already
// failing) and new ones; a failed build opens on its first failed step, 'tap' (stage 1, step 2).

// The first load boots the app and seeds the mock in the page: slow on a busy machine.
test.setTimeout(150_000);

test('a failed step shows its tests, failures first, new or already failing, linked to their lines', async ({
  page,
}) => {
  await openMock(page, '/acme/ledger/3');
  await expect(page).toHaveURL(/\/acme\/ledger\/3\/1\/2#L4$/);
  const panel = page.getByTestId('tests-panel');
  await expect(panel.getByTestId('tests-counts')).toHaveText('2 failed2 passed1 skipped');
  await expect(panel.getByTestId('tests-comparison')).toContainText('Compared with build #2');
  const failures = panel.getByTestId('tests-failures').getByRole('listitem');
  await expect(failures).toHaveCount(2);
  await expect(failures.nth(0)).toContainText('Already failingparses ISO dates');
  await expect(failures.nth(1)).toContainText('Newformats currency');
  await expect(failures.nth(1)).toContainText('Expected values to be strictly equal: 2 !== 3');
  // The line link selects that log line and puts it in the URL.
  await failures.nth(1).getByRole('link', { name: 'Line 11' }).click();
  await expect(page).toHaveURL(/\/acme\/ledger\/3\/1\/2#L11$/);
  await expect(stepConsole(page).locator('[data-pos="10"]')).toHaveAttribute(
    'data-selected',
    'true',
  );
});

test('each format reads, names stay text, and the search narrows the list', async ({ page }) => {
  await openMock(page, '/acme/ledger/3/1/6');
  const panel = page.getByTestId('tests-panel');
  // JUnit XML: the escaped name shows as the text it stands for.
  await expect(panel.getByTestId('tests-failures')).toContainText('rejects <empty> orders');
  await expect(panel.getByTestId('tests-failures')).toContainText('crashes on a "quoted" name');
  await expect(panel.locator('img')).toHaveCount(0);
  for (const [step, counts] of [
    [3, '3 failed3 passed0 skipped'],
    [4, '2 failed2 passed1 skipped'],
    [5, '2 failed2 passed0 skipped'],
  ] as const) {
    // A step's link reads its status, name and duration.
    const name = ['go-test', 'pytest', 'jest'][step - 3]!;
    await page.getByRole('link', { name: new RegExp(` ${name} \\d`) }).click();
    await expect(page).toHaveURL(new RegExp(`/acme/ledger/3/1/${step}`));
    await expect(page.getByTestId('tests-counts')).toHaveText(counts);
  }
  const search = page.getByRole('searchbox', { name: 'Search tests' });
  await search.fill('discount');
  await expect(page.getByTestId('tests-failures').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('tests-others')).toHaveCount(0);
});

test("a drone-junit card's counts show in the same panel", async ({ page }) => {
  await openMock(page, '/acme/ledger/3/1/7');
  await expect(page.getByTestId('tests-card')).toContainText(
    'build/reports/junit.xml2 passed, 2 failed, 0 skipped0.31s',
  );
});

test('a green build of the branch shows its tests without failures', async ({ page }) => {
  await openMock(page, '/acme/ledger/1/1/2');
  await expect(page.getByTestId('tests-counts')).toHaveText('0 failed4 passed1 skipped');
  await expect(page.getByTestId('tests-failures')).toHaveCount(0);
});

test('the tests panel passes axe (WCAG 2.1 AA)', async ({ page }) => {
  await openMock(page, '/acme/ledger/3');
  const panel = page.getByTestId('tests-panel');
  await expect(panel.getByTestId('tests-comparison')).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include('[data-testid="tests-panel"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(blocking.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});
