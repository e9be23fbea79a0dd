import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  type AnyEventObject,
  type SnapshotFrom,
} from 'xstate';
import { ApiError } from '../../api/client';
import type { Repository } from '../../api/types';
import { makeBuild, makeRepo, makeUser } from '../../../tests/factories';
import { renderWithMachines } from '../../../tests/renderMachine';
import { AppRoutes } from '../../routes';
import {
  coveringPaths,
  createSettler,
  leftOutOfChart,
  modelOf,
  pathName,
  replayed,
  visitedStates,
} from '../../../tests/model';
import {
  buildsFeedMachine,
  selectBuilds,
  selectFeedError,
  selectRunning,
  selectRunningError,
  selectShowsRunning,
} from './buildsFeed.machine';
import { FEED_SIZE } from './feedList';
import type { RepoEventsEmitted } from '../repo/repoEvents.machine';

const hello = (number: number, fields = {}) =>
  makeRepo({
    slug: 'octocat/hello',
    id: 7,
    build: makeBuild({ id: 1000 + number, number, ...fields }),
  });

const feedOf = (count: number) =>
  Array.from({ length: count }, (_, i) => hello(count - i, { created: count - i }));

function start({
  isAdmin = false,
  builds = [] as Repository[],
  slugs = ['octocat/hello'],
  running = [] as Repository[],
  fetchRunning = vi.fn(async () => running),
  fetchFeed = vi.fn(async () => ({ builds, slugs })),
} = {}) {
  let streamSend: ((event: RepoEventsEmitted) => void) | undefined;
  const machine = buildsFeedMachine.provide({
    actors: {
      fetchFeed: fromPromise(fetchFeed),
      fetchRunning: fromPromise<Repository[]>(fetchRunning),
      followRepoEvents: fromCallback(({ sendBack }) => {
        streamSend = sendBack;
      }),
    },
  });
  const actor = createActor(machine, { input: { isAdmin } }).start();
  return { actor, fetchFeed, fetchRunning, stream: (e: RepoEventsEmitted) => streamSend!(e) };
}

const numbers = (repos: Repository[]) => repos.map((repo) => repo.build?.number);

describe('buildsFeed machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the newest builds; only administrators load the running ones', async () => {
    const member = start({ builds: [hello(2), hello(1)] });
    await vi.runAllTimersAsync();
    expect(numbers(selectBuilds(member.actor.getSnapshot()))).toEqual([2, 1]);
    expect(selectShowsRunning(member.actor.getSnapshot())).toBe(false);
    expect(member.fetchRunning).not.toHaveBeenCalled();

    const admin = start({ isAdmin: true, running: [hello(3, { status: 'running' })] });
    await vi.runAllTimersAsync();
    expect(selectShowsRunning(admin.actor.getSnapshot())).toBe(true);
    expect(numbers(selectRunning(admin.actor.getSnapshot()))).toEqual([3]);
  });

  it('inserts a new build live at the top and keeps the 25 newest', async () => {
    const { actor, stream } = start({ builds: feedOf(FEED_SIZE) });
    await vi.runAllTimersAsync();
    expect(numbers(selectBuilds(actor.getSnapshot()))[0]).toBe(25);

    stream({ type: 'repo.updated', repo: hello(26, { status: 'running', stages: [] }) });
    const builds = selectBuilds(actor.getSnapshot());
    expect(builds).toHaveLength(FEED_SIZE);
    expect(numbers(builds)[0]).toBe(26);
    expect(numbers(builds)).not.toContain(1);
    expect(builds[0]?.build).not.toHaveProperty('stages');
  });

  it('replaces a build already listed (same repository and number)', async () => {
    const { actor, stream } = start({ builds: [hello(2, { status: 'running' }), hello(1)] });
    await vi.runAllTimersAsync();
    stream({ type: 'repo.updated', repo: hello(2, { status: 'success' }) });
    const builds = selectBuilds(actor.getSnapshot());
    expect(numbers(builds)).toEqual([2, 1]);
    expect(builds[0]?.build?.status).toBe('success');
  });

  it('leaves out repositories that are not the user’s', async () => {
    const { actor, stream } = start({ builds: [hello(1)] });
    await vi.runAllTimersAsync();
    const stranger = makeRepo({
      slug: 'public/stranger',
      build: makeBuild({ id: 5000, number: 1 }),
    });
    stream({ type: 'repo.updated', repo: stranger });
    expect(numbers(selectBuilds(actor.getSnapshot()))).toEqual([1]);
  });

  it('keeps Running now in step: running builds in, finished builds out', async () => {
    const { actor, stream } = start({ isAdmin: true });
    await vi.runAllTimersAsync();
    stream({ type: 'repo.updated', repo: hello(4, { status: 'running' }) });
    expect(numbers(selectRunning(actor.getSnapshot()))).toEqual([4]);
    stream({ type: 'repo.updated', repo: hello(4, { status: 'success' }) });
    expect(selectRunning(actor.getSnapshot())).toEqual([]);
  });

  it('refetches after the stream reconnects', async () => {
    const { stream, fetchFeed, fetchRunning } = start({ isAdmin: true });
    await vi.runAllTimersAsync();
    stream({ type: 'stream.reconnected' });
    await vi.runAllTimersAsync();
    expect(fetchFeed).toHaveBeenCalledTimes(2);
    expect(fetchRunning).toHaveBeenCalledTimes(2);
  });

  it('keeps the server messages of failed calls', async () => {
    const { actor } = start({
      isAdmin: true,
      fetchFeed: vi.fn(async () => {
        throw new ApiError(500, 'feed broke');
      }),
      fetchRunning: vi.fn(async () => {
        throw new ApiError(501, 'Not Implemented');
      }),
    });
    await vi.runAllTimersAsync();
    expect(selectFeedError(actor.getSnapshot())).toBe('feed broke');
    expect(selectRunningError(actor.getSnapshot())).toBe('Not Implemented');
  });
});

describe('buildsFeed machine, model-based', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const feed = { builds: [hello(2), hello(1)], slugs: ['octocat/hello'] };
  const running = [hello(3, { status: 'running' })];
  const feedEvents: Record<string, AnyEventObject[]> = {
    loading: [
      { type: 'xstate.done.actor.fetchFeed', output: feed },
      { type: 'xstate.error.actor.fetchFeed', error: new ApiError(500, 'feed broke') },
    ],
    ready: [{ type: 'stream.reconnected' }],
    failed: [{ type: 'feed.reload' }, { type: 'stream.reconnected' }],
  };
  const runningEvents: Record<string, AnyEventObject[]> = {
    hidden: [],
    loading: [
      { type: 'xstate.done.actor.fetchRunning', output: running },
      { type: 'xstate.error.actor.fetchRunning', error: new ApiError(501, 'Not Implemented') },
    ],
    ready: [{ type: 'stream.reconnected' }],
    failed: [{ type: 'feed.reload' }, { type: 'stream.reconnected' }],
  };
  const events = (snapshot: SnapshotFrom<typeof buildsFeedMachine>) => {
    const value = snapshot.value as { feed: string; running: string };
    const all = [
      ...feedEvents[value.feed]!,
      ...runningEvents[value.running]!,
      // A build of one of the user's repositories, live from the stream.
      { type: 'repo.updated', repo: hello(4, { status: 'running' }) },
    ];
    // One event reaches both regions; list it once.
    return all.filter((event, i) => all.findIndex((other) => other.type === event.type) === i);
  };

  const runs = [false, true].map((isAdmin) => ({
    input: { isAdmin },
    // Each state both regions can show, and every transition, on as few renders as cover them.
    paths: coveringPaths(
      buildsFeedMachine,
      modelOf(buildsFeedMachine, events, { input: { isAdmin } }).getShortestPaths(),
      { input: { isAdmin } },
    ),
  }));

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(buildsFeedMachine, runs)).toEqual([]);
  });

  for (const {
    input: { isAdmin },
    paths,
  } of runs) {
    it(`walks every state of both regions (administrator: ${isAdmin})`, () => {
      const seen = visitedStates(paths).join(' ');
      for (const state of ['"feed":"loading"', '"feed":"ready"', '"feed":"failed"']) {
        expect(seen).toContain(state);
      }
      for (const state of isAdmin ? ['loading', 'ready', 'failed'] : ['hidden']) {
        expect(seen).toContain(`"running":"${state}"`);
      }
    });

    // One test per path: each renders the whole app at the route, so a path is its own unit.
    for (const path of paths) {
      it(`behaves as the model (administrator: ${isAdmin}): ${pathName(path)}`, async () => {
        const fetchFeed = createSettler();
        const fetchRunning = createSettler();
        const machine = buildsFeedMachine.provide({
          actors: {
            fetchFeed: fromPromise(() => fetchFeed.call<typeof feed>()),
            fetchRunning: fromPromise<Repository[]>(() => fetchRunning.call<Repository[]>()),
            followRepoEvents: fromCallback(() => undefined),
          },
        });
        // The builds feed page at its route (the guard waits for the user: an administrator
        // sees what runs now).
        const view = renderWithMachines(<AppRoutes />, {
          machines: [[buildsFeedMachine, machine]],
          path: '/builds-feed',
          user: makeUser({ admin: isAdmin }),
        });
        await act(() => vi.advanceTimersByTimeAsync(0));
        const actor = view.actorOf(buildsFeedMachine);
        for (const [index, { event, state }] of path.steps.entries()) {
          const { value } = state;
          const retry = screen.queryByRole('button', { name: 'Retry' });
          if (event.type.endsWith('.fetchFeed')) fetchFeed.settle(event);
          else if (event.type.endsWith('.fetchRunning')) fetchRunning.settle(event);
          else if (event.type === 'feed.reload' && retry) fireEvent.click(retry);
          else if (event.type !== 'xstate.init') act(() => void actor.send(event as never));
          await act(() => vi.advanceTimersByTimeAsync(0));
          const expected = replayed(buildsFeedMachine, { isAdmin }, path.steps.slice(0, index + 1));

          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toEqual(value);
          const regions = value as { feed: string; running: string };
          expect(fetchFeed.waiting).toBe(regions.feed === 'loading');
          expect(fetchRunning.waiting).toBe(regions.running === 'loading');
          expect(selectShowsRunning(snapshot)).toBe(isAdmin);
          if (regions.feed === 'ready') {
            expect(selectBuilds(snapshot)).toEqual(selectBuilds(expected));
            const list = screen.getByRole('list', { name: 'Recent builds' });
            for (const repo of selectBuilds(snapshot)) {
              expect(list).toHaveTextContent(`#${repo.build!.number}`);
            }
          }
          if (regions.feed === 'failed') {
            expect(screen.getByRole('alert')).toHaveTextContent('feed broke');
          }
          // 'Running now' is an administrator's section only.
          const runningNow = screen.queryByRole('heading', { name: 'Running now' });
          expect(Boolean(runningNow)).toBe(isAdmin);
          if (regions.running === 'failed') {
            expect(runningNow!.parentElement).toHaveTextContent('Not Implemented');
          }
          expect(selectFeedError(snapshot)).toBe(regions.feed === 'failed' ? 'feed broke' : null);
          if (regions.running === 'ready') {
            expect(selectRunning(snapshot)).toEqual(selectRunning(expected));
          }
          expect(selectRunningError(snapshot)).toBe(
            regions.running === 'failed' ? 'Not Implemented' : null,
          );
        }
        view.unmount();
      });
    }
  }
});
