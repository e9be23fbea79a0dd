import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, newId } from '../../../mock-server/db';
import { resetMockDb } from '../../../mock-server/node';
import { addBuild, addRepo, addUser, fakeRuntime, grant } from '../../../mock-server/testkit';
import type { UserRow } from '../../../mock-server/serialize';
import { fakeRepoEvents } from '../../../tests/fakeRepoEvents';
import { setupMockServer } from '../../../tests/mockServer';
import { renderApp } from '../../../tests/render';
import { waitUntil } from '../../../tests/wait';
import { config } from '../../config';

// Issue 31 part 5 on the repository page, against the Node mock server: the Pull Requests tab,
// a stale branch removed by a writer, a cron job run now.

const repoEvents = fakeRepoEvents();
setupMockServer({ handlers: [repoEvents.handler] });

let runtime: ReturnType<typeof fakeRuntime>;
beforeEach(() => {
  resetMockDb();
  runtime = fakeRuntime();
});
afterEach(() => {
  cleanup();
  config.token = '';
});

function seed(access: 'read' | 'write'): UserRow {
  const user = addUser('member');
  const repo = addRepo('octo/app', { visibility: 'private', private: true });
  grant(user, repo, access);
  config.token = user.token;
  addBuild(repo, { event: 'push', target: 'main', ref: 'refs/heads/main' });
  addBuild(repo, { event: 'push', target: 'feature/old', ref: 'refs/heads/feature/old' });
  addBuild(repo, {
    event: 'pull_request',
    ref: 'refs/pull/7/head',
    source: 'fix/typo',
    target: 'main',
    message: 'Fix the typo',
  });
  return user;
}

describe('repository extras', () => {
  it('lists the latest build of each pull request', async () => {
    seed('read');
    renderApp('/octo/app/pulls');
    const table = await screen.findByRole('table', { name: 'Pull requests' });
    const row = within(table).getByTestId('pull-row');
    expect(within(row).getByRole('link', { name: 'Pull request #7, build #3' })).toHaveAttribute(
      'href',
      '/octo/app/3',
    );
    expect(row).toHaveTextContent('fix/typo → main');
    expect(row).toHaveTextContent('Fix the typo');
  });

  it('offers a reader no removal; a writer removes a branch after the confirmation', async () => {
    seed('read');
    renderApp('/octo/app/branches');
    await screen.findByRole('table', { name: 'Branches' });
    expect(screen.queryByRole('button', { name: /^Remove branch/ })).toBeNull();
    cleanup();

    db.perm.updateMany({ where: {}, data: { write: true } });
    renderApp('/octo/app/branches');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove branch feature/old from the list' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove feature/old from the branch list?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitUntil(() => expect(screen.getAllByTestId('branch-row')).toHaveLength(1));
    expect(db.dropped_index.findMany({ where: {} }).map((drop) => drop.name)).toEqual([
      'feature/old',
    ]);
  });

  it('runs a cron job now from the cron settings', async () => {
    seed('write');
    const repo = db.repo.findFirst({ where: { slug: { equals: 'octo/app' } } })!;
    db.cron.create({
      id: newId(),
      repo_id: repo.id,
      name: 'nightly',
      branch: 'main',
      expr: '@daily',
    });
    renderApp('/octo/app/settings/cron');
    fireEvent.click(await screen.findByRole('button', { name: 'Run nightly now' }));
    await waitUntil(() => expect(runtime.requests.at(-1)).toMatchObject({ cron: 'nightly' }));
    expect(await screen.findByText(/nightly started build #\d+\./)).toBeInTheDocument();
  });
});
