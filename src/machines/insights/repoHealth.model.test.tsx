import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { setupFakeClockExpiringToasts } from '../../../tests/fakeClock';
import { makeBuild, makeRepo } from '../../../tests/factories';
import { createSettler, leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { ApiError } from '../../api/client';
import type { Build, Repository } from '../../api/types';
import { RepoHealthSection } from '../../views/insights/RepoHealthSection';
import { dashboardMachine } from '../dashboard/dashboard.machine';
import { repoHealthMachine } from './repoHealth.machine';

// The dashboard's Repository health (issue 31 part 3) walked along its machine's shortest paths,
// checked on the section: the repositories arrive with the dashboard's list, their builds are
// answered by hand, a build event and a reconnection come from the event stream.

const red = makeRepo({
  id: 1,
  namespace: 'acme',
  name: 'red',
  slug: 'acme/red',
  build: makeBuild(),
});
const green = makeRepo({
  id: 2,
  namespace: 'acme',
  name: 'green',
  slug: 'acme/green',
  build: makeBuild(),
});
const list = (status: Build['status']) =>
  Array.from({ length: 5 }, (_, i) => makeBuild({ number: 5 - i, status }));
const loaded = {
  builds: new Map([
    [1, list('failure')],
    [2, list('success')],
  ]),
};

const events = [
  { type: 'health.repos', repos: [red, green] },
  { type: 'xstate.done.actor.loadRepoHealth', output: loaded },
  { type: 'xstate.error.actor.loadRepoHealth', error: new ApiError(500, 'database is locked') },
  { type: 'health.retry' },
  { type: 'health.sort', sort: 'p95' },
  { type: 'health.sort', sort: 'failureRate' },
  {
    type: 'repo.updated',
    repo: { ...green, build: makeBuild({ number: 6, status: 'failure' }) },
  },
  { type: 'stream.reconnected' },
];
const model = modelOf(
  repoHealthMachine,
  // While waiting for the dashboard's list the section shows nothing, so nothing can be sorted.
  (snapshot) =>
    snapshot.matches('waiting') ? events.filter((event) => event.type !== 'health.sort') : events,
  {
    keyBy: (snapshot: { value: unknown; context: { sort: string } }) => [
      snapshot.value,
      snapshot.context.sort,
    ],
  },
);
const paths = model.getShortestPaths();

describe('repository health machine, model-based, through the dashboard section', () => {
  setupFakeClockExpiringToasts();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(repoHealthMachine, { paths })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const server = createSettler();
      const dashboardRepos = createSettler();
      const stream = new Set<(event: AnyEventObject) => void>();
      const machine = repoHealthMachine.provide({
        actors: {
          loadRepoHealth: fromPromise<typeof loaded, Repository[]>(() => server.call()),
          followRepoEvents: fromCallback(({ sendBack }) => {
            stream.add(sendBack);
            return () => stream.delete(sendBack);
          }),
        },
      });
      const dashboard = createActor(
        dashboardMachine.provide({
          actors: {
            fetchRepos: fromPromise<Repository[]>(() => dashboardRepos.call()),
            // The dashboard's own stream and account polling are not this test's.
            followRepoEvents: fromCallback(() => undefined),
            accountSync: fromCallback(() => undefined) as never,
          },
        }),
        { input: { syncing: false } },
      ).start();
      const view = renderWithMachines(<RepoHealthSection dashboard={dashboard} />, {
        machines: [[repoHealthMachine, machine]],
      });
      const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
      const rows = () =>
        screen
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.textContent);
      await path.test({
        states: {
          waiting: () => {
            expect(screen.queryByTestId('repo-health')).not.toBeInTheDocument();
          },
          loading: () => {
            expect(screen.getByText('Loading...')).toBeInTheDocument();
          },
          ready: ({ context }) => {
            const first = context.sort === 'p95' ? /acme\/(red|green)/ : /^acme\/red/;
            expect(rows()[0]).toMatch(first);
            expect(screen.getByRole('button', { name: 'By p95 duration' })).toHaveAttribute(
              'aria-pressed',
              String(context.sort === 'p95'),
            );
          },
          failed: () => {
            expect(screen.getByText('database is locked')).toBeInTheDocument();
          },
        },
        events: {
          'health.repos': () => (
            dashboardRepos.settle({ type: 'done', output: [red, green] }),
            flush()
          ),
          'xstate.done.actor.loadRepoHealth': ({ event }) => (server.settle(event), flush()),
          'xstate.error.actor.loadRepoHealth': ({ event }) => (server.settle(event), flush()),
          'health.retry': () => (
            fireEvent.click(screen.getByRole('button', { name: 'Retry' })),
            flush()
          ),
          'health.sort': ({ event }) => {
            const sort = (event as { sort?: string }).sort;
            fireEvent.click(
              screen.getByRole('button', {
                name: sort === 'p95' ? 'By p95 duration' : 'By failure rate',
              }),
            );
          },
          'repo.updated': ({ event }) => act(() => stream.forEach((send) => send(event))),
          'stream.reconnected': ({ event }) => act(() => stream.forEach((send) => send(event))),
        },
      });
      expect(view.actorOf(repoHealthMachine).getSnapshot().value).toEqual(path.state.value);
      dashboard.stop();
    });
  }
});
