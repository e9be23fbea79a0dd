import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { setupFakeClockExpiringToasts } from '../../../tests/fakeClock';
import { makeBuild, makeRepo, makeStage, makeStep } from '../../../tests/factories';
import { createSettler, leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithProviders } from '../../../tests/render';
import { runningAppActor, swapAppActor } from '../app/appActors';
import { ApiError } from '../../api/client';
import type { Build } from '../../api/types';
import { InsightsTab } from '../../views/insights/InsightsTab';
import { buildHistoryMachine } from './buildHistory.machine';
import type { History, HistoryQuery } from './history';

// The build history (issue 31 parts 1-2) walked along its machine's shortest paths, checked on the
// Insights tab: the tab asks for its query (the last 50, then the last 100 builds), the history is
// answered by hand, and the event stream brings a finished build (read, or failing to be read), a
// running one (ignored) and a reconnection.

const repo = makeRepo({ namespace: 'acme', name: 'shop', slug: 'acme/shop', active: true });
const ref = { namespace: 'acme', name: 'shop' };
const query = (count: number): HistoryQuery => ({ ref, filter: {}, count });
const detailed = (number: number): Build =>
  makeBuild({
    number,
    stages: [
      makeStage(1, 'success', {
        name: 'test',
        steps: [makeStep(1, 'success', { name: 'unit', started: 1, stopped: 61 })],
      }),
    ],
  });
const history: History = { builds: [detailed(2), detailed(1)], listed: [], requests: 3 };
const finishedEvent = (number: number, status: Build['status'] = 'success') => ({
  type: 'repo.updated',
  repo: { ...repo, build: makeBuild({ number, status }) },
});

const model = modelOf(
  buildHistoryMachine,
  [
    { type: 'history.query', query: query(50) },
    { type: 'history.query', query: query(100) },
    { type: 'xstate.done.actor.loadHistory', output: history },
    { type: 'xstate.error.actor.loadHistory', error: new ApiError(500, 'database is locked') },
    { type: 'history.retry' },
    { type: 'repo.updated', repo: finishedEvent(9, 'running').repo },
    { type: 'xstate.done.actor.finished.7', output: detailed(7) },
    { type: 'stream.reconnected' },
  ],
  {
    keyBy: (snapshot: { value: unknown; context: { query: HistoryQuery | null } }) => [
      snapshot.value,
      snapshot.context.query?.count,
    ],
  },
);
const paths = model.getShortestPaths();

describe('build history machine, model-based, through the Insights tab', () => {
  setupFakeClockExpiringToasts();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(buildHistoryMachine, { paths })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const server = createSettler();
      const stream = new Set<(event: AnyEventObject) => void>();
      const machine = buildHistoryMachine.provide({
        actors: {
          loadHistory: fromPromise<History, HistoryQuery>(() => server.call()),
          fetchFinishedBuild: fromPromise<Build | null, { query: HistoryQuery; number: number }>(
            async ({ input }) => {
              return detailed(input.number);
            },
          ),
          followRepoEvents: fromCallback(({ sendBack }) => {
            stream.add(sendBack);
            return () => stream.delete(sendBack);
          }),
        },
      });
      // The history is app-wide: the tab finds this machine in its place.
      swapAppActor('buildHistory', machine);
      let rendered = false;
      const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
      const send = (event: AnyEventObject) =>
        act(() => stream.forEach((listener) => listener(event)));
      await path.test({
        states: {
          idle: () => {
            expect(rendered).toBe(false);
          },
          loading: () => {
            expect(screen.getByText('Loading...')).toBeInTheDocument();
          },
          ready: () => {
            expect(screen.getByTestId('insights-charts')).toBeInTheDocument();
            expect(screen.getByText('3 requests made')).toBeInTheDocument();
          },
          failed: () => {
            expect(screen.getByText('database is locked')).toBeInTheDocument();
          },
        },
        events: {
          'history.query': async ({ event }) => {
            const count = (event as unknown as { query: HistoryQuery }).query.count;
            if (!rendered) {
              rendered = true;
              renderWithProviders(
                <InsightsTab repo={repo} />,
                `/acme/shop/insights${count === 100 ? '?last=100' : ''}`,
              );
            } else {
              fireEvent.click(screen.getByRole('link', { name: `Last ${count} builds` }));
            }
            await flush();
          },
          'xstate.done.actor.loadHistory': ({ event }) => (server.settle(event), flush()),
          'xstate.error.actor.loadHistory': ({ event }) => (server.settle(event), flush()),
          'history.retry': () => (
            fireEvent.click(screen.getByRole('button', { name: 'Retry' })),
            flush()
          ),
          'repo.updated': ({ event }) => (send(event), flush()),
          'xstate.done.actor.finished.7': () => (send(finishedEvent(7)), flush()),
          'stream.reconnected': ({ event }) => (send(event), flush()),
        },
      });
      expect(runningAppActor('buildHistory')?.getSnapshot().value).toEqual(path.state.value);
    });
  }
});
