import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../api/client';
import type { Repository } from '../../api/types';
import { makeRepo } from '../../../tests/factories';
import { createSettler, leftOutOfChart, modelOf, visitedStates } from '../../../tests/model';
import { SearchButton } from '../../views/shell/SearchButton';
import {
  DRAWER_SLIDE_OUT,
  resetSearchActor,
  searchActor,
  searchMachine,
  selectIsDrawerShown,
  selectIsLoadingRepos,
  type SearchEvent,
  selectResults,
} from './search.machine';

const repos = [
  makeRepo({ slug: 'octocat/hello-world' }),
  makeRepo({ slug: 'drone/drone' }),
  makeRepo({ slug: 'drone/drone-ui' }),
];

function start(fetchRepos = vi.fn(async () => repos)) {
  const machine = searchMachine.provide({
    actors: { fetchRepos: fromPromise<Repository[]>(fetchRepos) },
  });
  return { actor: createActor(machine).start(), fetchRepos };
}

describe('search machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the repository list on first open only', async () => {
    const { actor, fetchRepos } = start();
    expect(fetchRepos).not.toHaveBeenCalled();
    actor.send({ type: 'search.open' });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().matches({ repos: 'loaded' })).toBe(true);
    actor.send({ type: 'search.close' });
    await vi.advanceTimersByTimeAsync(DRAWER_SLIDE_OUT);
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.type', query: 'drone' });
    await vi.runAllTimersAsync();
    expect(fetchRepos).toHaveBeenCalledTimes(1);
  });

  it('reloads the list on search.reload', async () => {
    const { actor, fetchRepos } = start();
    actor.send({ type: 'search.open' });
    await vi.runAllTimersAsync();
    actor.send({ type: 'search.reload' });
    expect(actor.getSnapshot().matches({ repos: 'loading' })).toBe(true);
    await vi.runAllTimersAsync();
    expect(fetchRepos).toHaveBeenCalledTimes(2);
  });

  it('derives results from the trimmed, case-insensitive query', async () => {
    const { actor } = start();
    actor.send({ type: 'search.open' });
    await vi.runAllTimersAsync();
    const slugs = () => selectResults(actor.getSnapshot()).map((repo) => repo.slug);
    expect(slugs()).toEqual([]);
    actor.send({ type: 'search.type', query: '  DRONE ' });
    expect(slugs()).toEqual(['drone/drone', 'drone/drone-ui']);
    actor.send({ type: 'search.type', query: 'dr/ui' });
    expect(slugs()).toEqual(['drone/drone-ui']);
    actor.send({ type: 'search.type', query: 'nothing-like-it' });
    expect(slugs()).toEqual([]);
    // The same snapshot gives the same array, so views re-render only on change.
    expect(selectResults(actor.getSnapshot())).toBe(selectResults(actor.getSnapshot()));
  });

  it('slides out for 200 ms before the drawer is gone, then forgets the query', async () => {
    const { actor } = start();
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.type', query: 'drone' });
    actor.send({ type: 'search.close' });
    expect(actor.getSnapshot().matches({ drawer: 'closing' })).toBe(true);
    expect(selectIsDrawerShown(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(DRAWER_SLIDE_OUT - 1);
    expect(actor.getSnapshot().matches({ drawer: 'closing' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches({ drawer: 'closed' })).toBe(true);
    expect(selectIsDrawerShown(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.query).toBe('');
  });

  it('opening again while sliding out keeps the drawer open', async () => {
    const { actor } = start();
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.close' });
    await vi.advanceTimersByTimeAsync(100);
    actor.send({ type: 'search.open' });
    await vi.advanceTimersByTimeAsync(DRAWER_SLIDE_OUT);
    expect(actor.getSnapshot().matches({ drawer: 'open' })).toBe(true);
  });

  it('keeps the server message when the list fails, and retries on the next open', async () => {
    const fetchRepos = vi
      .fn<() => Promise<Repository[]>>()
      .mockRejectedValueOnce(new ApiError(500, 'database is locked'))
      .mockResolvedValueOnce(repos);
    const { actor } = start(fetchRepos);
    actor.send({ type: 'search.open' });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().matches({ repos: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('database is locked');
    actor.send({ type: 'search.close' });
    await vi.advanceTimersByTimeAsync(DRAWER_SLIDE_OUT);
    actor.send({ type: 'search.open' });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().matches({ repos: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('search machine, model-based', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  type Snapshot = SnapshotFrom<typeof searchMachine>;
  const drawerEvents: Record<string, AnyEventObject[]> = {
    closed: [{ type: 'search.open' }],
    open: [{ type: 'search.close' }, { type: 'search.type', query: 'drone' }],
    closing: [
      { type: 'search.open' },
      { type: 'xstate.after.DRAWER_SLIDE_OUT.search.drawer.closing' },
    ],
  };
  const reposEvents: Record<string, AnyEventObject[]> = {
    idle: [{ type: 'search.load' }],
    loading: [
      { type: 'xstate.done.actor.fetchRepos', output: repos },
      { type: 'xstate.error.actor.fetchRepos', error: new ApiError(500, 'boom') },
    ],
    loaded: [{ type: 'search.reload' }],
    failed: [{ type: 'search.reload' }, { type: 'search.load' }],
  };
  const events = (snapshot: Snapshot) => {
    const value = snapshot.value as { drawer: string; repos: string };
    return [...drawerEvents[value.drawer]!, ...reposEvents[value.repos]!];
  };
  const paths = modelOf(searchMachine, events).getShortestPaths();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(searchMachine, { paths })).toEqual([]);
  });

  /** What each state means, observed from outside: selectors, data and calls in flight. */
  function checkInvariants(snapshot: Snapshot, fetching: boolean) {
    const value = snapshot.value as { drawer: string; repos: string };
    expect(selectIsDrawerShown(snapshot)).toBe(value.drawer !== 'closed');
    if (value.drawer === 'closed') expect(snapshot.context.query).toBe('');
    expect(fetching).toBe(value.repos === 'loading');
    if (value.repos === 'loaded') {
      expect(snapshot.context.repos).toEqual(repos);
      expect(snapshot.context.error).toBeNull();
    }
    if (value.repos === 'failed') expect(snapshot.context.error).toBe('boom');
    if (value.repos === 'idle') expect(snapshot.context.repos).toEqual([]);
  }

  it('reaches every drawer and list state', () => {
    const seen = visitedStates(paths).join(' ');
    for (const state of ['closed', 'open', 'closing', 'idle', 'loading', 'loaded', 'failed']) {
      expect(seen).toContain(`"${state}"`);
    }
  });

  it('behaves as the model on every path', async () => {
    for (const path of paths) {
      const fetch = createSettler();
      const machine = searchMachine.provide({
        actors: { fetchRepos: fromPromise<Repository[]>(() => fetch.call<Repository[]>()) },
      });
      // The sidebar's Search button and its drawer (docs/spec.md 2.3) on the app's shared search.
      resetSearchActor(machine);
      const location = memoryLocation({ path: '/' });
      const view = render(
        <Router hook={location.hook}>
          <SearchButton />
        </Router>,
      );
      const actor = searchActor();
      for (const { event, state } of path.steps) {
        const { value } = state;
        if (event.type.startsWith('xstate.after.')) {
          await act(() => vi.advanceTimersByTimeAsync(DRAWER_SLIDE_OUT));
        } else if (event.type.startsWith('xstate.')) {
          if (event.type !== 'xstate.init') fetch.settle(event);
          await act(() => vi.advanceTimersByTimeAsync(0));
        } else await act(async () => userDoes(event as SearchEvent, actor));
        expect(actor.getSnapshot().value).toEqual(value);
        checkInvariants(actor.getSnapshot(), fetch.waiting);
        checkDrawer(actor.getSnapshot());
      }
      view.unmount();
    }
    resetSearchActor();
  });

  /** The user's way to each event, where the drawer offers one. */
  function userDoes(event: SearchEvent, actor: ReturnType<typeof searchActor>) {
    const drawer = screen.queryByRole('dialog', { name: 'Search repositories' });
    if (event.type === 'search.open') {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    } else if (event.type === 'search.close' && drawer) {
      fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    } else if (event.type === 'search.type' && drawer) {
      const field = within(drawer).getByRole('searchbox', { name: 'Search repositories' });
      fireEvent.change(field, { target: { value: event.query } });
    } else if (event.type === 'search.reload' && drawer && within(drawer).queryByRole('alert')) {
      fireEvent.click(within(drawer).getByRole('button', { name: 'Retry' }));
    } else actor.send(event);
  }

  /** What the drawer shows: open or sliding out, the query, and the list's state. */
  function checkDrawer(snapshot: Snapshot) {
    const value = snapshot.value as { drawer: string; repos: string };
    const trigger = screen.getByRole('button', { name: 'Search' });
    expect(trigger).toHaveAttribute('aria-expanded', String(value.drawer !== 'closed'));
    const drawer = screen.queryByRole('dialog', { name: 'Search repositories', hidden: true });
    if (value.drawer === 'closed') {
      expect(drawer).not.toBeInTheDocument();
      return;
    }
    expect(drawer).toHaveAttribute('data-state', value.drawer === 'closing' ? 'closing' : 'open');
    const inside = within(drawer!);
    expect(inside.getByRole('searchbox', { hidden: true })).toHaveValue(snapshot.context.query);
    if (value.repos === 'failed') {
      expect(inside.getByRole('alert', { hidden: true })).toHaveTextContent('boom');
    } else expect(inside.queryByRole('alert', { hidden: true })).not.toBeInTheDocument();
    if (selectIsLoadingRepos(snapshot)) {
      expect(inside.getByRole('status', { hidden: true })).toHaveTextContent(
        'Loading repositories...',
      );
    }
    if (value.repos === 'loaded' && snapshot.context.query.trim()) {
      for (const repo of selectResults(snapshot)) {
        expect(inside.getByText(repo.slug)).toBeInTheDocument();
      }
    }
  }
});
