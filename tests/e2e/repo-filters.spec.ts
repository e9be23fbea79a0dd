import type { Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';

// Issue 19 item 3: the repository's builds filtered by branch, event, status and author, on the
// in-browser mock's demo scenario.

const executions = (page: Page) => page.getByTestId('execution');
const filter = (page: Page, name: string) => page.getByRole('combobox', { name });
/** The first page of a test also starts the mock worker and, cold, compiles the app. */

test('filters by branch, event and status through the UI; the URL, a reload and the chart follow', async ({
  page,
}) => {
  await openMock(page, '/acme/api');
  await expect(executions(page).first()).toBeVisible();
  const all = await executions(page).count();

  await filter(page, 'Branch').selectOption('main');
  await filter(page, 'Event').selectOption('push');
  await filter(page, 'Status').selectOption('success');
  await expect(page).toHaveURL(/[?&]branch=main(&|$)/);
  await expect(page).toHaveURL(/[?&]event=push(&|$)/);
  await expect(page).toHaveURL(/[?&]status=success(&|$)/);

  const shown = await executions(page).count();
  expect(shown).toBeGreaterThan(1);
  expect(shown).toBeLessThan(all);
  for (const row of await executions(page).all()) {
    await expect(row).toHaveAttribute('data-status', 'success');
    await expect(row).toContainText(/pushed \w+ to main/);
  }
  await expect(page.getByTestId('chart-bar')).toHaveCount(shown);
  await expect(page.getByTestId('summary-total')).toHaveText(String(shown));
  await expect(page.getByTestId('filter-ran-out')).toContainText('match these filters');

  await page.reload();
  await expect(executions(page).first()).toBeVisible();
  await expect(executions(page)).toHaveCount(shown);
  await expect(page.getByTestId('chart-bar')).toHaveCount(shown);
  await expect(filter(page, 'Status')).toHaveValue('success');
  await expect(page.getByTestId('filter-chip')).toHaveText([
    'Branch: main×',
    'Event: Push×',
    'Status: success×',
  ]);

  // A chip removes its filter; 'Clear filters' removes them all.
  await page.getByRole('link', { name: 'Remove filter Status: success' }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(filter(page, 'Status')).toHaveValue('');
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/branch=|event=/);
  await expect(executions(page)).toHaveCount(all);
});

test('a shared link with an unknown value shows the list it can, and going back restores the filter', async ({
  page,
}) => {
  await openMock(page, '/acme/api?event=pull_request&status=nonsense');
  await expect(executions(page).first()).toBeVisible();
  for (const row of await executions(page).all()) await expect(row).toContainText(/#42/);
  await expect(filter(page, 'Status')).toHaveValue('');
  await filter(page, 'Event').selectOption('tag');
  await expect(page).toHaveURL(/event=tag/);
  await page.goBack();
  await expect(filter(page, 'Event')).toHaveValue('pull_request');
});
