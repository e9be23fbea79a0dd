import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import type { Build, Repository, Status } from '../../api/types';
import { makeBuild, makeRepo, makeStage, makeStep } from '../../../tests/factories';
import { fakeRepoEvents } from '../../../tests/fakeRepoEvents';
import { setupMockServer } from '../../../tests/mockServer';
import { renderWithProviders } from '../../../tests/render';
import { AttemptNav } from './AttemptNav';
import { InsightsTab } from './InsightsTab';
import { RepoHealthSection } from './RepoHealthSection';
import { StepInsights } from './StepInsights';

// The insights against answers played per test (list pages, build details, the user's
// repositories); the statistics themselves are stats.test.ts's.

const events = fakeRepoEvents();
const server = setupMockServer({ handlers: [events.handler] });
const HOUR = 3600;
const NOW = Math.floor(Date.now() / 1000);

/** Build `number` of `slug`: its `unit` step ran `seconds`, on commit `after`. */
function build(number: number, status: Status, seconds: number, fields: Partial<Build> = {}) {
  const created = NOW - (100 - number) * HOUR;
  return makeBuild({
    number,
    status,
    after: `commit-${number}`,
    created,
    started: created + 30,
    finished: created + 30 + seconds,
    stages: [
      makeStage(1, status, {
        name: 'test',
        steps: [
          makeStep(1, status, { name: 'unit', started: created, stopped: created + seconds }),
        ],
      }),
    ],
    ...fields,
  });
}

/** Answers `slug`'s list and details with `builds` (newest first); returns the paths asked for. */
function serve(slug: string, builds: Build[]) {
  const asked: string[] = [];
  server.use(
    http.get(`*/api/repos/${slug}/builds`, ({ request }) => {
      asked.push(new URL(request.url).pathname);
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      const list = page === 1 ? builds.map(({ stages: _, ...listed }) => listed) : [];
      return HttpResponse.json(list);
    }),
    http.get(`*/api/repos/${slug}/builds/:number`, ({ params, request }) => {
      asked.push(new URL(request.url).pathname);
      return HttpResponse.json(builds.find((b) => b.number === Number(params.number)));
    }),
  );
  return asked;
}

const repoOf = (name: string): Repository =>
  makeRepo({ namespace: 'acme', name, slug: `acme/${name}`, active: true });

describe('Insights tab', () => {
  it('shows the figures, the flaky steps with links to their attempts, and the requests made', async () => {
    const builds = [
      build(6, 'success', 100, { after: 'same', parent: 5 }),
      build(5, 'failure', 100, { after: 'same' }),
      build(4, 'killed', 500),
      build(3, 'success', 60),
      build(2, 'success', 60),
      build(1, 'success', 60),
    ];
    const asked = serve('acme/shop', builds);
    renderWithProviders(<InsightsTab repo={repoOf('shop')} />, '/acme/shop/insights');
    const charts = await screen.findByTestId('insights-charts');
    // 4 of 5 passed: the cancelled build is left out.
    expect(within(charts).getByText('80%')).toBeInTheDocument();
    expect(within(charts).getByText('of 5 builds, cancelled left out')).toBeInTheDocument();
    expect(
      within(charts).getByText('failed 1 time, passed on retry 1 time in 14 days'),
    ).toBeInTheDocument();
    expect(within(charts).getByRole('link', { name: 'Build #5, failure' })).toHaveAttribute(
      'href',
      '/acme/shop/5',
    );
    expect(within(charts).getByText('7 requests made')).toBeInTheDocument();
    expect(asked.filter((path) => path.endsWith('/builds'))).toHaveLength(1);
  });

  it('says there is too little data, never that steps are stable', async () => {
    serve('acme/new', [build(2, 'success', 60), build(1, 'success', 60)]);
    renderWithProviders(<InsightsTab repo={repoOf('new')} />, '/acme/new/insights');
    const charts = await screen.findByTestId('insights-charts');
    expect(within(charts).getAllByText('Too little data: 2 finished builds')).not.toHaveLength(0);
    expect(
      within(charts).getByText('Too little data to tell flaky steps: 2 builds.'),
    ).toBeInTheDocument();
    expect(charts).not.toHaveTextContent(/stable/i);
  });

  it('measures the last 100 builds when asked, from the URL', async () => {
    serve('acme/big', [build(1, 'success', 60)]);
    const user = userEvent.setup();
    const { location } = renderWithProviders(
      <InsightsTab repo={repoOf('big')} />,
      '/acme/big/insights?branch=main',
    );
    await screen.findByTestId('insights-charts');
    await user.click(screen.getByRole('link', { name: 'Last 100 builds' }));
    expect(location.history?.at(-1)).toBe('/acme/big/insights?branch=main&last=100');
  });

  it("shows the server's message when the list fails, and loads again on Retry", async () => {
    serve('acme/down', [build(1, 'success', 60)]);
    // Added last, so asked first: the first list call fails.
    server.use(
      http.get(
        '*/api/repos/acme/down/builds',
        () => HttpResponse.json({ message: 'database is locked' }, { status: 500 }),
        { once: true },
      ),
    );
    renderWithProviders(<InsightsTab repo={repoOf('down')} />, '/acme/down/insights');
    expect(await screen.findByText('database is locked')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('insights-charts')).toBeInTheDocument();
  });
});

describe('the build page', () => {
  const earlier = Array.from({ length: 10 }, (_, i) => build(10 - i, 'success', 60));

  it('marks a step slower than usual above the p95 of the branch', async () => {
    const current = build(11, 'success', 90);
    serve('acme/slow', [current, ...earlier]);
    const repo = { namespace: 'acme', name: 'slow' };
    renderWithProviders(<StepInsights repo={repo} build={current} stage="test" step="unit" />);
    expect(await screen.findByText('Slower than usual: 1m 30s, p95 1m 00s')).toBeInTheDocument();
    expect(screen.getByText('median 1m 00s, p95 1m 00s over 10 runs')).toBeInTheDocument();
  });

  it('says "attempt 2 of 3" with links between the attempts', async () => {
    const first = build(20, 'failure', 60, { after: 'x' });
    const second = build(21, 'failure', 60, { after: 'x', parent: 20 });
    const third = build(22, 'success', 60, { after: 'x', parent: 21 });
    serve('acme/retry', [third, second, first, ...earlier]);
    renderWithProviders(<AttemptNav repo={{ namespace: 'acme', name: 'retry' }} build={second} />);
    const nav = await screen.findByRole('navigation', { name: 'Attempts' });
    expect(nav).toHaveTextContent('attempt 2 of 3');
    expect(within(nav).getByRole('link', { name: 'Build #22, success' })).toHaveAttribute(
      'href',
      '/acme/retry/22',
    );
    expect(within(nav).getByRole('link', { name: 'Build #21, failure' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('repository health', () => {
  it('lists red default branches since their first failing build, and sorts', async () => {
    const red = { ...repoOf('red'), id: 1, build: makeBuild() };
    const slow = { ...repoOf('slow'), id: 2, build: makeBuild() };
    const statuses: Status[] = ['failure', 'failure', 'success', 'success', 'success'];
    serve(
      'acme/red',
      statuses.map((status, i) => build(5 - i, status, 60)),
    );
    serve(
      'acme/slow',
      Array.from({ length: 5 }, (_, i) => build(5 - i, 'success', 900)),
    );
    // The dashboard's list of the user's repositories, as its machine holds it.
    const dashboard = createActor(
      dashboardMachine.provide({
        actors: { fetchRepos: fromPromise<Repository[]>(async () => [red, slow]) },
      }),
      { input: { syncing: false } },
    ).start();
    renderWithProviders(<RepoHealthSection dashboard={dashboard} />);
    const redSince = await screen.findByTestId('red-since');
    expect(redSince).toHaveTextContent(/^red on main since #4 \(/);
    expect(redSince).toHaveAttribute('href', '/acme/red/4');
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('link')[0]!.textContent);
    expect(names()).toEqual(['acme/red', 'acme/slow']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'By p95 duration' }));
    expect(names()).toEqual(['acme/slow', 'acme/red']);
  });
});
