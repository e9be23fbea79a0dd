import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  type AnyEventObject,
  type SnapshotFrom,
} from 'xstate';
import { http, HttpResponse } from 'msw';
import { ApiError } from '../../api/client';
import type { Repository, User } from '../../api/types';
import { makeBuild, makeRepo, makeUser } from '../../../tests/factories';
import {
  createSettler,
  leftOutOfChart,
  modelOf,
  replayed,
  visitedStates,
} from '../../../tests/model';
import { neverAnswering, renderWithMachines } from '../../../tests/renderMachine';
import { setupMockServer } from '../../../tests/mockServer';
import { fakeRepoEvents } from '../../../tests/fakeRepoEvents';
import { DashboardPage } from '../../views/dashboard/DashboardPage';
import { accountSyncMachine, SYNC_POLL_INTERVAL } from './accountSync.machine';
import {
  dashboardMachine,
  selectError,
  selectHasMore,
  selectIsEmpty,
  selectIsLoading,
  selectOrganizations,
  selectRecentActivity,
  selectVisibleRepos,
} from './dashboard.machine';
import type { RepoEventsEmitted } from '../repo/repoEvents.machine';
import { SORT_BY_NAME } from './repoList';

// The page follows the event stream, and its health section asks for each shown repository's
// recent builds.
setupMockServer({
  handlers: [
    fakeRepoEvents().handler,
    http.get('*/api/repos/:owner/:name/builds', () => HttpResponse.json([])),
  ],
});

const slugs = (repos: Repository[]) => repos.map((repo) => repo.slug);

function start({
  repos = [] as Repository[],
  fetchRepos = vi.fn(async () => repos),
  fetchUser = vi.fn(async () => makeUser({ syncing: false })),
  syncing = false,
} = {}) {
  // The stream is replaced by a callback actor whose `sendBack` the test keeps.
  let streamSend: ((event: RepoEventsEmitted) => void) | undefined;
  const machine = dashboardMachine.provide({
    actors: {
      fetchRepos: fromPromise<Repository[]>(fetchRepos),
      followRepoEvents: fromCallback(({ sendBack }) => {
        streamSend = sendBack;
      }),
      accountSync: accountSyncMachine.provide({
        actors: {
          startSync: fromPromise<void>(async () => undefined),
          fetchUser: fromPromise<User>(fetchUser),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { syncing } }).start();
  const stream = (event: RepoEventsEmitted) => streamSend!(event);
  return { actor, fetchRepos, fetchUser, stream };
}

const visible = (actor: ReturnType<typeof start>['actor']) =>
  slugs(selectVisibleRepos(actor.getSnapshot()));

describe('dashboard machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('loads the list and shows it in the default order', async () => {
    const { actor } = start({
      repos: [
        makeRepo({ slug: 'a/idle' }),
        makeRepo({ slug: 'b/off', active: false }),
        makeRepo({ slug: 'c/busy', build: makeBuild({ created: 50 }) }),
      ],
    });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(visible(actor)).toEqual(['c/busy', 'a/idle', 'b/off']);
    expect(selectOrganizations(actor.getSnapshot())).toEqual(['a', 'b', 'c']);
    expect(slugs(selectRecentActivity(actor.getSnapshot()))).toEqual(['c/busy']);
  });

  it('shows 50 repositories, then 50 more on each Show more', async () => {
    const repos = Array.from({ length: 120 }, (_, i) =>
      makeRepo({ slug: `org/r${String(i).padStart(3, '0')}` }),
    );
    const { actor } = start({ repos });
    await vi.runAllTimersAsync();
    expect(visible(actor)).toHaveLength(50);
    expect(selectHasMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'repos.showMore' });
    expect(visible(actor)).toHaveLength(100);
    actor.send({ type: 'repos.showMore' });
    expect(visible(actor)).toHaveLength(120);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
    // A new filter starts from the first 50 again.
    actor.send({ type: 'repos.filter', text: 'org/' });
    expect(visible(actor)).toHaveLength(50);
  });

  it('tells an empty list apart from one still loading', async () => {
    const { actor } = start({ repos: [] });
    expect(selectIsEmpty(actor.getSnapshot())).toBe(false);
    await vi.runAllTimersAsync();
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
  });

  it('keeps the server message when the list cannot load, and retries', async () => {
    const fetchRepos = vi
      .fn<() => Promise<Repository[]>>()
      .mockRejectedValueOnce(new ApiError(500, 'database is locked'))
      .mockResolvedValueOnce([makeRepo({ slug: 'a/b' })]);
    const { actor } = start({ fetchRepos });
    await vi.runAllTimersAsync();
    expect(selectError(actor.getSnapshot())).toBe('database is locked');
    actor.send({ type: 'repos.reload' });
    await vi.runAllTimersAsync();
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(visible(actor)).toEqual(['a/b']);
  });

  describe('preferences', () => {
    const repos = [
      makeRepo({ slug: 'drone/zeta', build: makeBuild({ created: 10 }) }),
      makeRepo({ slug: 'drone/alpha' }),
      makeRepo({ slug: 'octocat/off', active: false }),
    ];

    it('reads the stored preferences when the page opens', async () => {
      localStorage.setItem('home_show_active_only_repos', 'true');
      localStorage.setItem('home_sort_repos_by', JSON.stringify(SORT_BY_NAME));
      localStorage.setItem('home_org_repos', JSON.stringify('drone'));
      const { actor } = start({ repos });
      await vi.runAllTimersAsync();
      expect(actor.getSnapshot().context.prefs).toEqual({
        activeOnly: true,
        sortBy: SORT_BY_NAME,
        org: 'drone',
      });
      expect(visible(actor)).toEqual(['drone/alpha', 'drone/zeta']);
    });

    it('stores each change under its key', async () => {
      const { actor } = start({ repos });
      await vi.runAllTimersAsync();
      expect(visible(actor)).toEqual(['drone/zeta', 'drone/alpha', 'octocat/off']);

      actor.send({ type: 'prefs.setActiveOnly', value: true });
      expect(localStorage.getItem('home_show_active_only_repos')).toBe('true');
      expect(visible(actor)).toEqual(['drone/zeta', 'drone/alpha']);

      actor.send({ type: 'prefs.setSortBy', value: SORT_BY_NAME });
      expect(localStorage.getItem('home_sort_repos_by')).toBe('"Sort by Name"');
      expect(visible(actor)).toEqual(['drone/alpha', 'drone/zeta']);

      actor.send({ type: 'prefs.setActiveOnly', value: false });
      actor.send({ type: 'prefs.setOrg', value: 'octocat' });
      expect(localStorage.getItem('home_org_repos')).toBe('"octocat"');
      expect(visible(actor)).toEqual(['octocat/off']);

      actor.send({ type: 'prefs.setOrg', value: '' });
      expect(localStorage.getItem('home_org_repos')).toBe('""');
      expect(visible(actor)).toHaveLength(3);
    });

    it('shows every organization when the stored one has no repositories any more', async () => {
      localStorage.setItem('home_org_repos', JSON.stringify('gone'));
      const { actor } = start({ repos });
      await vi.runAllTimersAsync();
      expect(visible(actor)).toHaveLength(3);
    });
  });

  describe('live updates (docs/spec.md 4.5)', () => {
    const listed = () =>
      makeRepo({ slug: 'octocat/hello', id: 7, build: makeBuild({ number: 5 }) });

    it('merges repository events with the newer-or-equal build rule', async () => {
      const { actor, stream } = start({ repos: [listed()] });
      await vi.runAllTimersAsync();
      const build = () => selectVisibleRepos(actor.getSnapshot())[0]?.build;

      stream({ type: 'repo.updated', repo: { ...listed(), build: makeBuild({ number: 6 }) } });
      expect(build()?.number).toBe(6);

      const older = makeBuild({ number: 5, status: 'running' });
      stream({ type: 'repo.updated', repo: { ...listed(), build: older } });
      expect(build()?.number).toBe(6);

      const same = makeBuild({ number: 6, status: 'failure' });
      stream({ type: 'repo.updated', repo: { ...listed(), build: same } });
      expect(build()?.status).toBe('failure');
    });

    it('fetches the list again after the stream reconnects, keeping it on screen', async () => {
      const { actor, stream, fetchRepos } = start({ repos: [listed()] });
      await vi.runAllTimersAsync();
      stream({ type: 'stream.reconnected' });
      expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
      expect(visible(actor)).toEqual(['octocat/hello']);
      await vi.runAllTimersAsync();
      expect(fetchRepos).toHaveBeenCalledTimes(2);
    });
  });

  it('reloads the list when its account sync is over', async () => {
    const fetchUser = vi
      .fn<() => Promise<User>>()
      .mockResolvedValueOnce(makeUser({ syncing: true }))
      .mockResolvedValueOnce(makeUser({ syncing: false }));
    const { actor, fetchRepos } = start({ repos: [makeRepo({ slug: 'a/b' })], fetchUser });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchRepos).toHaveBeenCalledTimes(1);
    actor.getSnapshot().children.accountSync!.send({ type: 'sync.start' });
    await vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL);
    expect(fetchRepos).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL);
    expect(fetchRepos).toHaveBeenCalledTimes(2);
  });
});

describe('dashboard machine, model-based', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const listed = [makeRepo({ slug: 'acme/one' }), makeRepo({ slug: 'acme/two' })];
  const answers: AnyEventObject[] = [
    { type: 'xstate.done.actor.fetchRepos', output: listed },
    { type: 'xstate.error.actor.fetchRepos', error: new ApiError(500, 'boom') },
  ];
  const reloads: AnyEventObject[] = [
    { type: 'repos.reload' },
    { type: 'stream.reconnected' },
    { type: 'account.synced' },
  ];
  // Filters, preferences, Show more and live updates: the list changes, the state does not.
  const listChanges: AnyEventObject[] = [
    { type: 'prefs.setActiveOnly', value: true },
    { type: 'prefs.setSortBy', value: SORT_BY_NAME },
    { type: 'prefs.setOrg', value: 'acme' },
    { type: 'repos.filter', text: 'one' },
    { type: 'repos.showMore' },
    { type: 'repo.updated', repo: makeRepo({ slug: 'acme/two', build: makeBuild() }) },
  ];
  const events = (snapshot: SnapshotFrom<typeof dashboardMachine>) => [
    ...(snapshot.matches('loading') || snapshot.matches({ ready: 'refreshing' })
      ? answers
      : reloads),
    ...listChanges,
  ];

  const inertActions = {
    notifyReloadError: () => undefined,
    invalidateSearch: () => undefined,
    persistPreferences: () => undefined,
  };
  const model = dashboardMachine.provide({ actions: inertActions });
  const paths = modelOf(model, events, {
    input: { syncing: false },
    keyBy: 'value',
  }).getShortestPaths();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(model, { paths, input: { syncing: false } })).toEqual([]);
  });

  it('behaves as the model on every path', async () => {
    expect(visitedStates(paths)).toEqual([
      '"failed"',
      '"loading"',
      '{"ready":"idle"}',
      '{"ready":"refreshing"}',
    ]);
    for (const path of paths) {
      const fetch = createSettler();
      const notifyReloadError = vi.fn();
      const invalidateSearch = vi.fn();
      const machine = dashboardMachine.provide({
        actors: {
          fetchRepos: fromPromise<Repository[]>(() => fetch.call<Repository[]>()),
          followRepoEvents: fromCallback(() => undefined),
          // The Sync button renders the sync: a real one, whose calls never answer.
          accountSync: neverAnswering(accountSyncMachine),
        },
        actions: { notifyReloadError, invalidateSearch },
      });
      // The dashboard page (docs/spec.md 2.4) with this machine behind it.
      const view = renderWithMachines(<DashboardPage />, {
        machines: [[dashboardMachine, machine]],
      });
      const actor = view.actorOf(dashboardMachine) as ReturnType<typeof start>['actor'];
      let loadedOnce = false;
      for (const [index, { event, state }] of path.steps.entries()) {
        const { value } = state;
        const retry = screen.queryByRole('button', { name: 'Retry' });
        if (event.type.startsWith('xstate.') && event.type !== 'xstate.init') fetch.settle(event);
        // The page's Retry is the user's reload; the others come from the stream and the sync.
        else if (event.type === 'repos.reload' && retry) fireEvent.click(retry);
        else if (!event.type.startsWith('xstate.')) act(() => void actor.send(event as never));
        await act(() => vi.advanceTimersByTimeAsync(0));

        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(value);
        // What each state means from outside: calls in flight, what the page can show.
        const fetching = snapshot.matches('loading') || snapshot.matches({ ready: 'refreshing' });
        expect(fetch.waiting).toBe(fetching);
        if (event.type === 'xstate.done.actor.fetchRepos') loadedOnce = true;
        expect(selectIsLoading(snapshot)).toBe(!loadedOnce);
        const expected = replayed(model, { syncing: false }, path.steps.slice(0, index + 1));
        if (snapshot.matches('ready')) {
          expect(visible(actor)).toEqual(slugs(selectVisibleRepos(expected)));
        }
        expect(selectError(snapshot)).toBe(snapshot.matches('failed') ? 'boom' : null);
        if (event.type === 'xstate.error.actor.fetchRepos' && loadedOnce) {
          expect(notifyReloadError).toHaveBeenCalledTimes(1);
        }
        if (event.type === 'account.synced') expect(invalidateSearch).toHaveBeenCalledTimes(1);
        // What the page shows: the error with Retry, a first load, or the list (kept while
        // it is fetched again).
        const error = selectError(snapshot);
        if (error) expect(screen.getByRole('alert')).toHaveTextContent(error);
        else if (selectIsLoading(snapshot)) {
          expect(screen.getByRole('status')).toHaveTextContent('Loading repositories...');
        } else {
          const list = screen.getByRole('list', { name: 'Repositories' });
          for (const slug of visible(actor)) expect(list).toHaveTextContent(slug);
        }
      }
      view.unmount();
    }
  });
});
