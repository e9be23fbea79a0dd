import { expect, openMock, test } from './fixtures';

// Issue 19 item 6: a build beside the previous build of its branch, on the in-browser mock's demo
// scenario (acme/api's main has a push whose test step fails after passing builds).

test('the Compare view shows how each step changed and highlights a new failure', async ({
  page,
}) => {
  await openMock(page, '/acme/api?branch=main&event=push&status=failure');
  const failing = page.getByTestId('execution').last();
  await expect(failing).toBeVisible();
  const number = Number(await failing.getAttribute('data-number'));
  await failing.getByRole('link').click();
  await expect(page.getByTestId('build-status')).toContainText('failure');

  // Keyboard: the Compare toggle is a link in the build views.
  const compare = page.getByRole('navigation', { name: 'Build views' }).getByRole('link', {
    name: 'Compare',
  });
  await compare.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/acme/api/${number}(/\\d+/\\d+)?\\?view=compare`));
  await expect(compare).toHaveAttribute('aria-current', 'page');

  const view = page.getByTestId('compare-view');
  await expect(view).toBeVisible();
  const previous = view.getByRole('heading', { name: /Compared with #\d+/ }).getByRole('link');
  const previousNumber = Number((await previous.textContent())?.replace('#', ''));
  expect(previousNumber).toBeLessThan(number);
  await expect(page.getByTestId('compare-range').getByRole('link')).toHaveAttribute(
    'href',
    /^https:\/\/github\.com\/acme\/api\/compare\/[0-9a-f]{40}\.\.\.[0-9a-f]{40}$/,
  );

  const newFailure = page.locator('[data-testid="compare-step"][data-new-failure="true"]');
  await expect(newFailure).toHaveCount(1);
  await expect(newFailure).toContainText('test');
  await expect(newFailure).toContainText('New failure');
  await expect(newFailure).toContainText('success → failure');
  // A step that took another time says by how much, written as every duration is ('1s faster');
  // which steps did depends on the demo's seeded timings.
  await expect(
    page
      .getByTestId('compare-change')
      .filter({ hasText: /^(\d+m )?\d+s (faster|slower)/ })
      .first(),
  ).toBeVisible();

  // The previous build's link opens its own comparison.
  await previous.click();
  await expect(page).toHaveURL(new RegExp(`/acme/api/${previousNumber}\\?view=compare`));
  await expect(page.getByTestId('compare-view').or(page.getByTestId('compare-none'))).toBeVisible();
});

test('the first build of a branch says there is nothing to compare with', async ({ page }) => {
  await openMock(page, '/acme/api/1?view=compare');
  await expect(page.getByTestId('compare-none')).toHaveText(
    'This is the first build of main: there is no earlier one to compare with.',
  );
});
