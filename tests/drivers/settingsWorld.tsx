import type { Message } from '../../src/i18n/message';
import { t } from '../../src/i18n';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { resetMockDb } from '../../mock-server/node';
import { serializeRepo, type RepoRow, type UserRow } from '../../mock-server/serialize';
import { addRepo, addUser, call, grant } from '../../mock-server/testkit';
import { renderWithProviders } from '../render';
import { setupMockServer } from '../mockServer';
import type { Repository } from '../../src/api/types';
import { config } from '../../src/config';
import { notify } from '../../src/machines/shell/toasts.machine';
import { RepoSettings } from '../../src/views/settings/RepoSettings';

// The settings view tests' shared driver (issue 20 item 5): octocat/hello-world on the Node mock
// server, owned by `root` (a system administrator), with `jane` its repository admin.

export interface SettingsWorld {
  admin: UserRow;
  writer: UserRow;
  row: RepoRow;
}

/**
 * Starts the file's mock server and a fresh world before each test. `renderSettings` opens the
 * settings page at `section` ('' for General) signed in as `user`.
 */
export function setupSettingsWorld() {
  const server = setupMockServer();
  const world = {} as SettingsWorld;
  let toasts: Array<{ mock: { calls: unknown[][] } }> = [];
  beforeEach(() => {
    toasts = [vi.spyOn(notify, 'success'), vi.spyOn(notify, 'warning'), vi.spyOn(notify, 'error')];
    resetMockDb();
    world.admin = addUser('root', { admin: true });
    world.writer = addUser('jane');
    world.row = addRepo('octocat/hello-world', { user_id: world.admin.id, timeout: 60 });
    grant(world.writer, world.row, 'admin');
  });
  afterEach(() => {
    cleanup();
    config.token = '';
    vi.restoreAllMocks();
  });
  /**
   * Waits until this test toasted `message`, as the language shown reads it. (The app's one
   * toast stack outlives each test, so what is on screen may be an earlier test's toast.)
   */
  const toasted = (message: string) =>
    waitFor(() =>
      expect(
        toasts.flatMap((spy) =>
          spy.mock.calls.map(([said]) => t((said as Message).key, (said as Message).values)),
        ),
      ).toContain(message),
    );
  const renderSettings = (
    user: UserRow,
    section: string,
    repo: Repository = serializeRepo(world.row),
  ) => {
    config.token = user.token;
    const onRepoChanged = vi.fn();
    const path = ['/octocat/hello-world/settings', section].filter(Boolean).join('/');
    const view = renderWithProviders(
      <RepoSettings repo={repo} section={section} onRepoChanged={onRepoChanged} />,
      path,
    );
    return { ...view, onRepoChanged };
  };
  return { world, server, renderSettings, toasted };
}

/** Creates something through the mock's API, as `user` would (a secret, a cron job). */
export async function seed(user: UserRow, path: string, body: unknown) {
  const response = await call(path, {
    method: 'POST',
    as: user,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`seed ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}
