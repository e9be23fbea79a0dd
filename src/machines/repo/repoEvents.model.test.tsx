import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import { makeBuild, makeRepo, makeUser } from '../../../tests/factories';
import { leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import type { Repository } from '../../api/types';
import { AppRoutes } from '../../routes';
import { buildsFeedMachine } from '../feed/buildsFeed.machine';
import { RECONNECT_MAX_DELAY } from '../runtime/reconnect';
import { repoEventsMachine } from './repoEvents.machine';

// The /api/stream connection (docs/spec.md 4.5, 7.6) walked along the repoEvents machine's shortest
// paths. It has no screen of its own: what it is for shows on the pages that follow it, here
// the builds feed. Every build the stream delivers is listed, and every reconnection makes the
// page fetch again what it may have missed.

type Snapshot = SnapshotFrom<typeof repoEventsMachine>;

const hello = (number: number) =>
  makeRepo({ slug: 'octocat/hello', id: 7, build: makeBuild({ id: 1000 + number, number }) });

const model = modelOf(
  repoEventsMachine,
  [
    { type: 'source.open' },
    { type: 'source.messages', repos: [hello(2)] },
    { type: 'source.closed' },
    { type: 'page.hidden' },
    { type: 'page.visible' },
    { type: 'stream.stop' },
    { type: 'stream.start' },
    { type: 'xstate.after.RECONNECT_DELAY.repoEvents.waiting' },
  ],
  { keyBy: (snapshot: Snapshot) => [snapshot.value, snapshot.context.connectedOnce] },
);
const paths = model.getShortestPaths();

describe('repoEvents machine, model-based, through the builds feed that follows it', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(repoEventsMachine, { paths })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      // The server side of the stream and the tab's visibility, driven by the test.
      let server: ((event: { type: string; repos?: Repository[] }) => void) | undefined;
      let opened = 0;
      let visibility: ((event: { type: string }) => void) | undefined;
      const events = createActor(
        repoEventsMachine.provide({
          actors: {
            listenServerEvents: fromCallback(({ sendBack }) => {
              opened += 1;
              server = sendBack;
            }),
            watchPageVisibility: fromCallback(({ sendBack }) => {
              visibility = sendBack;
            }),
          },
        }),
      ).start();
      // The feed follows this stream as followRepoEvents follows the app's shared one.
      const followRepoEvents = fromCallback<{ type: 'noop' }>(({ sendBack }) => {
        const updated = events.on('repo.updated', sendBack);
        const reconnected = events.on('stream.reconnected', sendBack);
        return () => {
          updated.unsubscribe();
          reconnected.unsubscribe();
        };
      });
      const fetchFeed = vi.fn(async () => ({ builds: [hello(1)], slugs: ['octocat/hello'] }));
      const feed = buildsFeedMachine.provide({
        actors: { fetchFeed: fromPromise(fetchFeed), followRepoEvents },
      });
      renderWithMachines(<AppRoutes />, {
        machines: [[buildsFeedMachine, feed]],
        path: '/builds-feed',
        user: makeUser(),
      });
      await act(() => vi.advanceTimersByTimeAsync(0));
      let delivered = 0;
      let reconnections = 0;
      const run = (action: () => void) => act(() => vi.advanceTimersByTimeAsync(0).then(action));
      await path.test({
        states: {
          '*': async () => {
            await act(() => vi.advanceTimersByTimeAsync(0));
            const list = screen.getByRole('list', { name: 'Recent builds' });
            // A delivered build is on the page; each reconnection fetched the feed again.
            if (delivered > 0) expect(list).toHaveTextContent('#2');
            expect(fetchFeed).toHaveBeenCalledTimes(1 + reconnections);
          },
        },
        events: {
          'source.open': () =>
            run(() => {
              if (events.getSnapshot().context.connectedOnce) reconnections += 1;
              server!({ type: 'source.open' });
            }),
          'source.messages': ({ event }) =>
            run(() => {
              delivered += 1;
              server!(event);
            }),
          'source.closed': () => run(() => server!({ type: 'source.closed' })),
          'page.hidden': ({ event }) => run(() => visibility!(event)),
          'page.visible': ({ event }) => run(() => visibility!(event)),
          'stream.stop': ({ event }) => run(() => events.send(event as never)),
          'stream.start': ({ event }) => run(() => events.send(event as never)),
          'xstate.after.RECONNECT_DELAY.repoEvents.waiting': () =>
            act(() => vi.advanceTimersByTimeAsync(RECONNECT_MAX_DELAY)),
        },
      });
      expect(events.getSnapshot().value).toEqual(path.state.value);
      // One connection per visit to `live`.
      const visits = path.steps.filter((step) => (step.state as Snapshot).matches('live')).length;
      expect(opened).toBeLessThanOrEqual(visits);
      events.stop();
    });
  }
});
