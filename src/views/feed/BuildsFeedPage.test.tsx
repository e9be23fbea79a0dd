import { switchLanguage } from '../../../tests/language';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, newId } from '../../../mock-server/db';
import { resetMockDb } from '../../../mock-server/node';
import { addBuild, addRepo, addUser, fakeRuntime, grant } from '../../../mock-server/testkit';
import { renderApp } from '../../../tests/render';
import { fakeRepoEvents } from '../../../tests/fakeRepoEvents';
import { setupMockServer } from '../../../tests/mockServer';
import { waitUntil } from '../../../tests/wait';

const repoEvents = fakeRepoEvents();
setupMockServer({ handlers: [repoEvents.handler] });

let now = 0;
beforeEach(() => {
  resetMockDb();
  now = Math.floor(fakeRuntime().clock.now() / 1000);
});
afterEach(async () => {
  cleanup();
  await fetch(`${location.origin}/logout`, { method: 'POST', redirect: 'manual' });
});

async function signIn(login: string, admin = false) {
  const user = addUser(login, { password: login, admin, synced: now });
  await fetch(`${location.origin}/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: login, password: login }),
    redirect: 'manual',
  });
  return user;
}

const feedList = () => screen.findByRole('list', { name: 'Recent builds' });

describe('builds feed', () => {
  it('lists the newest builds with slug, number, status, message and activity', async () => {
    const user = await signIn('member');
    const repo = addRepo('acme/api');
    grant(user, repo, 'write');
    addBuild(repo, { message: 'first', author_login: 'ada', created: now - 120 });
    addBuild(repo, {
      message: 'Fix the flaky test',
      title: '',
      status: 'failure',
      author_login: 'ada',
      target: 'main',
      created: now - 60,
      started: now - 60,
      finished: now - 30,
    });
    renderApp('/builds-feed');
    const rows = within(await feedList()).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/acme/api/2', '/acme/api/1']);
    expect(rows[0]).toHaveTextContent('acme/api #2');
    expect(rows[0]).toHaveTextContent('Fix the flaky test');
    expect(rows[0]).toHaveTextContent('ada pushed to main');
    expect(rows[0]).toHaveTextContent('30s');
    expect(within(rows[0]!).getByRole('img', { name: 'failure' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Running now' })).not.toBeInTheDocument();
    expect(document.title).toBe('Builds Feed - Drone');
  });

  it('speaks Chinese: activity, status, times and durations', async () => {
    const user = await signIn('member');
    const repo = addRepo('acme/api');
    grant(user, repo, 'write');
    addBuild(repo, {
      message: 'Fix the flaky test',
      status: 'failure',
      author_login: 'ada',
      target: 'main',
      created: now - 3 * 60,
      started: now - 3 * 60,
      finished: now - 50,
    });
    await switchLanguage('zh-CN');
    renderApp('/builds-feed');
    const [row] = within(await screen.findByRole('list', { name: '最近的构建' })).getAllByRole(
      'link',
    );
    expect(row).toHaveTextContent('ada 推送到 main');
    // How long ago, by the test's clock (not the mock's): some Chinese '… ago'.
    expect(row).toHaveTextContent(/\d+(秒钟|分钟|小时|天|周|个月|年)前/);
    expect(within(row!).getByLabelText('已用时间')).toHaveTextContent('2分钟10秒');
    expect(within(row!).getByRole('img', { name: '失败' })).toBeInTheDocument();
    expect(document.title).toBe('构建动态 - Drone');
  });

  it('puts a build that starts at the top, live', async () => {
    const user = await signIn('member');
    const repo = addRepo('acme/api');
    grant(user, repo, 'write');
    addBuild(repo, { message: 'older' });
    renderApp('/builds-feed');
    const list = await feedList();
    await waitUntil(() => expect(repoEvents.connections()).toBe(1));
    repoEvents.emit({
      ...repo,
      build: { id: 500, number: 2, status: 'running', message: 'brand new', event: 'push' },
    });
    const first = await within(list).findByRole('link', { name: /brand new/ });
    expect(within(list).getAllByRole('link')[0]).toBe(first);
    expect(first).toHaveAttribute('href', '/acme/api/2');
    expect(within(first).getByRole('img', { name: 'running' })).toBeInTheDocument();
    repoEvents.emit({
      ...repo,
      build: { id: 500, number: 2, status: 'success', message: 'brand new', event: 'push' },
    });
    expect(await within(list).findByRole('img', { name: 'success' })).toBeInTheDocument();
    expect(within(list).getAllByRole('link')).toHaveLength(2);
  });

  it('shows administrators the builds running now', async () => {
    const admin = await signIn('root', true);
    const repo = addRepo('acme/api');
    grant(admin, repo, 'admin');
    const running = addBuild(repo, { status: 'running', message: 'in flight' });
    db.stage.create({
      id: newId(),
      repo_id: repo.id,
      build_id: running.id,
      number: 1,
      name: 'default',
      status: 'running',
    });
    renderApp('/builds-feed');
    const section = await screen.findByRole('region', { name: 'Running now' });
    const row = await within(section).findByRole('link', { name: /in flight/ });
    expect(row).toHaveAttribute('href', '/acme/api/1');
  });
});
