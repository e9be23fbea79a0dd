import { expect, pushBuild, test } from './drone';

// What a member without administration rights sees and is refused by a real Drone (docs/spec.md
// 2.5, 6, 8): the member reads acme/web, pushes to acme/api, and administers neither.

test.use({ droneLogin: 'member' });

test('a read-only member gets no New Build, no Settings tab and no build actions', async ({
  page,
}) => {
  await page.goto('/acme/web');
  await expect(page.getByRole('heading', { name: 'web' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Repository' });
  await expect(tabs.getByRole('link', { name: 'Branches' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New Build' })).toHaveCount(0);
  await page.goto('/acme/web/1');
  await expect(page.getByRole('heading', { name: 'Break the unit tests' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);
});

test('a member with push access who saves settings gets Drone’s refusal', async ({ page }) => {
  // Drone lets only repository admins change settings: it answers the member 404 Not Found.
  await page.goto('/acme/api/settings');
  await page.getByLabel('Timeout').selectOption('90');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Unable to save changes: Not Found')).toBeVisible();
  // Trusted and the auto-cancel switches are for system administrators only.
  await expect(page.getByText('Trusted')).toHaveCount(0);
});

test('organization secrets: Drone’s 401 to a non-member leaves the member signed in', async ({
  page,
}) => {
  // Drone asks Gogs for the membership, which go-scm's Gogs driver cannot: it answers 401
  // {"message":"Not Found"} for a signed-in user, which is no sign of a lost session.
  await page.goto('/acme/api/settings/org-secrets');
  await expect(page.getByText('Not Found', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Organization Secret' })).toBeDisabled();
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Secrets' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/acme\/api\/settings\/secrets$/);
  await expect(page.getByRole('button', { name: 'New Secret' })).toBeEnabled();
});

test('a member opening /settings gets the not-found page', async ({ page }) => {
  await page.goto('/settings');
  await expect(
    page.getByText('We are sorry, the resource you requested cannot be found.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'System Administration' })).toHaveCount(0);
});

test('a reader of a protected repository is told a blocked build waits for its admin', async ({
  page,
}) => {
  // The administrator pushes; Drone blocks the build for approval (acme/gated is protected).
  const blocked = await pushBuild('acme/gated', ['blocked'], { message: 'Wait for the admin' });
  await page.goto(`/acme/gated/${blocked.number}`);
  await expect(
    page.getByText('Build is blocked, please, contact repo admin in order to proceed'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve Build' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Decline Build' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
});
