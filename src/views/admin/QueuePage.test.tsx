import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, newId } from '../../../mock-server/db';
import { resetMockDb } from '../../../mock-server/node';
import { addBuild, addRepo, addUser, fakeRuntime } from '../../../mock-server/testkit';
import { fakeRepoEvents } from '../../../tests/fakeRepoEvents';
import { setupMockServer } from '../../../tests/mockServer';
import { renderApp } from '../../../tests/render';
import { waitUntil } from '../../../tests/wait';
import { config } from '../../config';

// Issue 31 part 4: the queue page against the Node mock server, as a system administrator.

const repoEvents = fakeRepoEvents();
const server = setupMockServer({ handlers: [repoEvents.handler] });

let runtime: ReturnType<typeof fakeRuntime>;
let now = 0;
beforeEach(() => {
  resetMockDb();
  runtime = fakeRuntime();
  now = Math.floor(Date.now() / 1000);
  config.token = addUser('root', { admin: true }).token;
});
afterEach(() => {
  cleanup();
  config.token = '';
});

function seedQueue() {
  const repo = addRepo('acme/payments');
  const first = addBuild(repo, { status: 'running', number: 812 });
  const second = addBuild(repo, { status: 'pending', number: 813 });
  const stage = (buildId: number, status: string, extra = {}) =>
    db.stage.create({
      id: newId(),
      repo_id: repo.id,
      build_id: buildId,
      number: 1,
      name: 'deploy',
      status,
      os: 'linux',
      arch: 'amd64',
      limit: 1,
      created: now - 240,
      ...extra,
    });
  stage(first.id, 'running', { machine: 'runner-a', started: now - 300 });
  stage(second.id, 'pending', { labels: JSON.stringify({ zone: 'eu' }) });
}

describe('queue page', () => {
  it('explains a pending stage: its platform, labels and the running stage holding the limit', async () => {
    seedQueue();
    renderApp('/settings/queue');
    const pending = await screen.findByRole('table', { name: 'Pending stages' });
    const row = within(pending).getByTestId('pending-stage');
    expect(row).toHaveTextContent('acme/payments #813');
    expect(row).toHaveTextContent('linux/amd64');
    expect(row).toHaveTextContent('zone=eu');
    expect(row).toHaveTextContent('concurrency limit 1 reached: #812 running');
    const runner = screen.getByRole('table', { name: 'Runner runner-a' });
    expect(runner).toHaveTextContent('acme/payments #812');
    expect(screen.getAllByTestId('platform-count')[0]).toHaveTextContent('linux/amd64');
    expect(screen.getByRole('link', { name: 'Queue' })).toHaveAttribute('href', '/settings/queue');
  });

  it('pauses the scheduler after the confirmation', async () => {
    renderApp('/settings/queue');
    fireEvent.click(await screen.findByRole('button', { name: 'Pause scheduler' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Pause the scheduler?');
    expect(runtime.queuePauses).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause scheduler' }));
    await waitUntil(() => expect(runtime.queuePauses).toEqual([true]));
    expect(await screen.findByTestId('scheduler-state')).toHaveTextContent(
      'Scheduler paused from this page.',
    );
  });

  it('tells an administrator of a server without the queue API so', async () => {
    server.use(
      http.get(`${location.origin}/api/queue`, () =>
        HttpResponse.json({ message: 'Not Implemented' }, { status: 501 }),
      ),
    );
    renderApp('/settings/queue');
    expect(await screen.findByTestId('queue-unsupported')).toHaveTextContent(
      'This server does not offer the build queue: it answered 501 (Not Implemented).',
    );
  });
});
