import { expect, openMock, test } from './fixtures';

// Issue 30 item 5 on the in-browser mock's demo: acme/search-indexer's test step fails on main
// (build 5) and on a pull request into main (build 6) after four green runs. Every run prints its
// own times, durations, temporary paths, run id, port and container id; only what broke differs.

test('a failed step diffs against the last green build of its branch, each side linked', async ({
  page,
}) => {
  await openMock(page, '/acme/search-indexer/5');
  const open = page.getByRole('button', { name: 'Compare with the last green build' });
  await open.click();
  const panel = page.getByRole('region', { name: 'Log diff against a green build' });
  await expect(panel.getByTestId('log-diff-summary')).toHaveText(
    '5 lines added, 3 removed, against build #4',
  );
  // The noise of each run is masked: no changed row holds a time, a temporary path or a port.
  const changed = panel.locator('[data-kind=added], [data-kind=removed]');
  await expect(changed).toHaveCount(8);
  await expect(changed.filter({ hasText: /\/tmp\/|127\.0\.0\.1|\d{2}:\d{2}:\d{2}/ })).toHaveCount(
    0,
  );

  const note = panel.getByRole('note');
  await expect(note).toContainText('--- FAIL: TestStemmer/plurals');
  const line = note.getByRole('link');
  const href = await line.getAttribute('href');
  expect(href).toMatch(/^\/acme\/search-indexer\/5\/1\/2#L\d+$/);
  // The failed side opens this step at the line; the console highlights it.
  await line.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  const number = href!.split('#L')[1];
  await expect(page.locator(`[data-pos="${Number(number) - 1}"][data-selected]`)).toBeVisible();

  // The green side's links open build 4's step at its line.
  const green = panel.getByRole('link', { name: /^Line \d+ of build #4$/ }).first();
  const greenHref = await green.getAttribute('href');
  expect(greenHref).toMatch(/^\/acme\/search-indexer\/4\/1\/2#L\d+$/);
  await green.click();
  await expect(page).toHaveURL(new RegExp(`${greenHref}$`));
  await expect(page.getByTestId('build-status')).toContainText('success');
});

test('a pull request compares with its target branch, and another build can be picked', async ({
  page,
}) => {
  await openMock(page, '/acme/search-indexer/6');
  await page.getByRole('button', { name: 'Compare with the last green build' }).click();
  const panel = page.getByRole('region', { name: 'Log diff against a green build' });
  await expect(panel.getByTestId('log-diff-summary')).toContainText('against build #4');
  const picker = panel.getByLabel('Compare with');
  await picker.selectOption('1');
  await expect(panel.getByTestId('log-diff-summary')).toContainText('against build #1');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByRole('button', { name: 'Compare with the last green build' }),
  ).toBeVisible();
});
