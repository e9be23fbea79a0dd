// What the real-Drone specs share: a test signed in through Drone's form once per worker (the
// console-error fixture of the mock suite included), and calls to Drone and the stand-in SCM
// for what a test sets up itself (a build of its own, a blocked build).
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test as base } from '../../e2e/fixtures';
import { REAL_DRONE, REAL_DRONE_CONSOLE, REAL_DRONE_SCM } from '../../e2e/servers';
import { droneApi, DRONE_TOKENS, isBlocked, waitForBuild } from '../seed';

export { expect };

export type Login = keyof typeof DRONE_TOKENS;

/** Signs in through the console's form, which posts to Drone's /login (Drone asks Gogs). */
export async function signInWithForm(page: Page, login: Login): Promise<void> {
  await page.goto('/login/form');
  await page.getByLabel(/username/i).fill(login);
  await page.getByLabel(/password/i).fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

async function signedInState(browser: Browser, login: Login, path: string): Promise<string> {
  const context = await browser.newContext({ baseURL: REAL_DRONE_CONSOLE, locale: 'en-US' });
  await signInWithForm(await context.newPage(), login);
  await context.storageState({ path });
  await context.close();
  return path;
}

/**
 * `test` signed in as `droneLogin` (admin unless a file says `test.use({ droneLogin: 'member' })`):
 * one form sign-in per worker, its session cookie reused by every test's fresh context.
 */
export const test = base.extend<object, { droneLogin: Login; droneSession: string }>({
  droneLogin: ['admin', { scope: 'worker', option: true }],
  droneSession: [
    async ({ browser, droneLogin }, provide, workerInfo) => {
      const path = join(
        workerInfo.project.outputDir,
        `.session-${droneLogin}-${workerInfo.workerIndex}.json`,
      );
      await provide(await signedInState(browser, droneLogin, path));
    },
    { scope: 'worker' },
  ],
  storageState: async ({ droneSession }, provide) => provide(droneSession),
});

/** A call to the real Drone as a seeded user. */
export const drone = <T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  as: Login = 'admin',
) => droneApi<T>(REAL_DRONE, as, method, path, body);

export interface DroneBuild {
  number: number;
  status: string;
  event: string;
  after: string;
  debug?: boolean;
  deploy_to?: string;
  parent?: number;
  params?: Record<string, string>;
  stages?: { number: number; status: string }[];
}

/** A unique name for what a test creates, so tests on one Drone never meet (`[a-z0-9_]`). */
export const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * Pushes a commit to the stand-in SCM (which sends Drone the push webhook) and returns the build
 * Drone made of it, once it has one of `statuses` (or is blocked, for `['blocked']`).
 */
export async function pushBuild(
  slug: string,
  statuses: readonly string[],
  options: { branch?: string; message?: string; files?: Record<string, string> } = {},
): Promise<DroneBuild> {
  const response = await fetch(`${REAL_DRONE_SCM}/_control/push`, {
    method: 'POST',
    body: JSON.stringify({ repo: slug, ...options }),
  });
  if (!response.ok) throw new Error(`push to ${slug}: ${response.status} ${await response.text()}`);
  const { sha } = (await response.json()) as { sha: string };
  let number = 0;
  await expect
    .poll(async () => {
      const builds = await drone<DroneBuild[]>('GET', `/api/repos/${slug}/builds?per_page=50`);
      number = builds.find((build) => build.after === sha)?.number ?? 0;
      return number;
    })
    .not.toBe(0);
  return settled(slug, number, statuses);
}

/** Waits until build `number` of `slug` has one of `statuses` ('blocked': Drone's blocked). */
export async function settled(slug: string, number: number, statuses: readonly string[]) {
  const ready = statuses.includes('blocked') ? isBlocked : undefined;
  await waitForBuild(REAL_DRONE, slug, number, statuses, ready);
  return drone<DroneBuild>('GET', `/api/repos/${slug}/builds/${number}`);
}

/** The build status badge of the build page's header. */
export const buildStatus = (page: Page) =>
  page.getByTestId('build-status').locator('[data-status]').first();

/** The confirm dialog every destructive action opens (docs/spec.md 8). */
export async function confirm(page: Page, prompt: string, button = 'Delete') {
  await expect(page.getByText(prompt)).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: button })
    .click();
}
