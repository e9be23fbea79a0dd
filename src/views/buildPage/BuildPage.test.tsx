import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeServer, resetMockDb } from '../../../mock-server/node';
import type { UserRow } from '../../../mock-server/serialize';
import { addRepo, addUser, fakeRuntime, grant } from '../../../mock-server/testkit';
import { makeStagedBuild as makeBuild, makeStage, makeStep } from '../../../tests/factories';
import { renderApp } from '../../../tests/render';
import type { Build } from '../../api/types';
import { config } from '../../config';

// The build page against the Node mock server: the repository and permissions are real rows;
// the build answer is stated per test, so each test shows exactly the build it is about.
const BUILD = '*/api/repos/octocat/hello-world/builds/7';
const server = createNodeServer(
  // The console's log fetch is not what these tests are about.
  http.get('*/api/repos/octocat/hello-world/builds/:build/logs/:stage/:step', () =>
    HttpResponse.json([]),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let writer: UserRow;
let reader: UserRow;

beforeEach(() => {
  resetMockDb();
  fakeRuntime();
  writer = addUser('jane');
  reader = addUser('rita');
  const repo = addRepo('octocat/hello-world');
  grant(writer, repo, 'write');
  grant(reader, repo, 'read');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  config.token = '';
});

function serveBuild(...answers: Build[]) {
  const queue = [...answers];
  server.use(http.get(BUILD, () => HttpResponse.json(queue.length > 1 ? queue.shift() : queue[0])));
}

function openAs(user: UserRow, path = '/octocat/hello-world/7') {
  config.token = user.token;
  return renderApp(path);
}

const finished = () =>
  makeBuild(7, 'failure', {
    finished: 1700000120,
    stages: [
      makeStage(1, 'failure', {
        machine: 'runner-1',
        started: 1700000000,
        stopped: 1700000120,
        steps: [
          makeStep(1, 'success', { name: 'clone', started: 1700000000, stopped: 1700000005 }),
          makeStep(2, 'failure', { name: 'test', started: 1700000005, stopped: 1700000120 }),
        ],
      }),
      makeStage(2, 'skipped', { name: 'deploy' }),
    ],
  });

describe('the build page (docs/spec.md 2.9)', () => {
  it('shows the header, the stage navigation and the selected step', async () => {
    serveBuild(finished());
    openAs(writer, '/octocat/hello-world/7/1/2');
    const nav = await screen.findByRole('navigation', { name: 'Pipeline stages' });
    expect(within(nav).getByText('2 stage(s)')).toBeInTheDocument();
    // The skipped stage is a plain link; the failed one is open because it is in the path.
    expect(within(nav).getByRole('link', { name: /deploy/ })).toHaveAttribute(
      'href',
      '/octocat/hello-world/7/2',
    );
    expect(within(nav).getByRole('button', { name: /stage-1/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(nav).getByRole('link', { name: /test/ })).toHaveAttribute('aria-current', 'page');
    // A finished build's logs download as one file.
    expect(within(nav).getByRole('button', { name: 'Download all logs' })).toBeEnabled();

    expect(screen.getByRole('link', { name: 'Builds' })).toHaveAttribute(
      'href',
      '/octocat/hello-world',
    );
    expect(screen.getByText('#7')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Update README');
    // docs/spec.md 2.1's title, after the tab's status prefix (issue 19 item 1): build 7 failed.
    expect(document.title).toBe('✗ Build #7.1.2 - octocat/hello-world');

    const step = screen.getByRole('region', { name: 'Step test' });
    expect(within(step).getByText('runner-1')).toBeInTheDocument();
    expect(within(step).getByText('7fd1a60b')).toBeInTheDocument();
    expect(within(step).getByText('1m 55s')).toBeInTheDocument();
    // Card View only appears when a step has a schema.
    expect(screen.getByRole('link', { name: 'Graph View' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Card View' })).not.toBeInTheDocument();
  });

  it('gives writers the action menu of a finished build, not readers', async () => {
    serveBuild(finished());
    openAs(writer);
    await userEvent.click(await screen.findByRole('button', { name: /Actions/ }));
    const menu = screen.getByRole('menu', { name: 'Build actions' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Restart', 'Promote', 'Debug']);
    cleanup();

    serveBuild(finished());
    openAs(reader);
    await screen.findByRole('navigation', { name: 'Pipeline stages' });
    expect(screen.queryByRole('button', { name: /Actions/ })).not.toBeInTheDocument();
  });

  it('marks a debug build, and only a debug build (issue 17)', async () => {
    serveBuild({ ...finished(), debug: true });
    openAs(writer);
    await screen.findByRole('navigation', { name: 'Pipeline stages' });
    expect(screen.getByTestId('debug-badge')).toHaveTextContent('Debug');
    cleanup();
    serveBuild(finished());
    openAs(writer);
    await screen.findByRole('navigation', { name: 'Pipeline stages' });
    expect(screen.queryByTestId('debug-badge')).not.toBeInTheDocument();
  });

  it('shows beside the activity line the avatar of the person it names (issue 29 item 9)', async () => {
    const author = { author_login: 'jane', author_avatar: 'https://avatars.example.com/jane.png' };
    serveBuild({ ...finished(), ...author, event: 'promote', trigger: 'member', parent: 6 });
    openAs(writer);
    const line = (await screen.findByText(/^member promoted #6 to/)).closest('p')!;
    const avatar = within(line).getByTestId('avatar');
    expect(within(avatar).getByRole('img', { name: 'member' })).toHaveTextContent('M');
    expect(avatar.querySelector('img')).toBeNull();
  });

  it('shows the build error in a danger notice', async () => {
    serveBuild(makeBuild(7, 'error', { error: 'yaml: unmarshal errors', stages: undefined }));
    openAs(reader);
    expect(await screen.findByRole('alert')).toHaveTextContent('yaml: unmarshal errors');
  });
});

const blocked = () =>
  makeBuild(7, 'pending', {
    stages: [makeStage(1, 'blocked', { name: 'deploy-production' })],
  });

describe('a blocked build (docs/spec.md 4.2)', () => {
  it('lets a writer approve the stage, then shows the reloaded build', async () => {
    const approved: string[] = [];
    server.use(
      http.post('*/api/repos/octocat/hello-world/builds/7/approve/:stage', ({ params }) => {
        approved.push(String(params.stage));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    serveBuild(
      blocked(),
      makeBuild(7, 'running', {
        stages: [makeStage(1, 'running', { steps: [makeStep(1, 'running', { name: 'deploy' })] })],
      }),
    );
    openAs(writer);
    expect(screen.getByText('#7')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Build' }));
    expect(approved).toEqual(['1']);
    await screen.findByRole('region', { name: 'Step deploy' });
    expect(screen.queryByRole('button', { name: 'Approve Build' })).not.toBeInTheDocument();
  });

  it('keeps one build time across the approval (created, not started once it runs)', async () => {
    server.use(
      http.post(
        '*/api/repos/octocat/hello-world/builds/7/approve/:stage',
        () => new HttpResponse(null, { status: 204 }),
      ),
    );
    const now = Math.floor(Date.now() / 1000);
    // Two hours, so the shared ticker's clock (up to a second behind) reads the same text.
    const created = now - 7200;
    serveBuild(
      makeBuild(7, 'pending', {
        created,
        started: 0,
        stages: [makeStage(1, 'blocked', { name: 'deploy-production' })],
      }),
      makeBuild(7, 'running', {
        created,
        started: now,
        stages: [makeStage(1, 'running', { steps: [makeStep(1, 'running', { name: 'deploy' })] })],
      }),
    );
    openAs(writer);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Build' }));
    await screen.findByRole('region', { name: 'Step deploy' });
    expect(screen.getByText('2 hours ago')).toBeInTheDocument();
  });

  it('tells a read-only user to ask the repository admin', async () => {
    serveBuild(blocked());
    openAs(reader);
    expect(
      await screen.findByText('Build is blocked, please, contact repo admin in order to proceed'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Build' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline Build' })).not.toBeInTheDocument();
  });

  it('shows the decline failure toast', async () => {
    server.use(
      http.post('*/api/repos/octocat/hello-world/builds/7/decline/:stage', () =>
        HttpResponse.json({ message: 'Stage not found' }, { status: 404 }),
      ),
    );
    serveBuild(blocked());
    openAs(writer);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Build' }));
    await waitFor(() =>
      expect(screen.getByText('Unable to decline build: Stage not found')).toBeInTheDocument(),
    );
  });
});
