import { said } from '../../../tests/said';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assign,
  createActor,
  fromPromise,
  setup,
  type AnyEventObject,
  type SnapshotFrom,
} from 'xstate';
import { ApiError } from '../../api/client';
import type { User } from '../../api/types';
import { createSettler, leftOutOfChart, modelOf, visitedStates } from '../../../tests/model';
import { accountSyncMachine, selectIsSyncing, SYNC_POLL_INTERVAL } from './accountSync.machine';
import { makeUser } from '../../../tests/factories';
import { neverAnswering } from '../../../tests/renderMachine';
import { SyncButton } from '../../views/dashboard/SyncButton';
import { dashboardMachine, selectAccountSync } from './dashboard.machine';

const user = (syncing: boolean) => makeUser({ login: 'admin', syncing });

function start({
  syncing = false,
  startSync = vi.fn(async () => undefined),
  fetchUser = vi.fn(async () => user(false)),
} = {}) {
  const notifySynced = vi.fn();
  const notifySyncError = vi.fn();
  const machine = accountSyncMachine.provide({
    actors: {
      startSync: fromPromise<void>(startSync),
      fetchUser: fromPromise<User>(fetchUser),
    },
    actions: { notifySynced, notifySyncError },
  });
  const actor = createActor(machine, { input: { syncing } }).start();
  return { actor, startSync, fetchUser, notifySynced, notifySyncError };
}

describe('accountSync machine (docs/spec.md 4.7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts idle when the user is not syncing', () => {
    const { actor, fetchUser } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectIsSyncing(actor.getSnapshot())).toBe(false);
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('starts the sync, then polls every 10000 ms until syncing is false, then reloads', async () => {
    const fetchUser = vi
      .fn<() => Promise<User>>()
      .mockResolvedValueOnce(user(true))
      .mockResolvedValueOnce(user(true))
      .mockResolvedValueOnce(user(false));
    const { actor, startSync, notifySynced } = start({ fetchUser });

    actor.send({ type: 'sync.start' });
    expect(selectIsSyncing(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(startSync).toHaveBeenCalledTimes(1);
    expect(fetchUser).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL - 1);
    expect(fetchUser).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(selectIsSyncing(actor.getSnapshot())).toBe(true);

    await vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL);
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(notifySynced).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL);
    expect(fetchUser).toHaveBeenCalledTimes(3);
    expect(notifySynced).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectIsSyncing(actor.getSnapshot())).toBe(false);

    // Polling has stopped.
    await vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL * 3);
    expect(fetchUser).toHaveBeenCalledTimes(3);
  });

  it('polls right away from the page opening when the user is already syncing', async () => {
    const fetchUser = vi
      .fn<() => Promise<User>>()
      .mockResolvedValueOnce(user(true))
      .mockResolvedValueOnce(user(false));
    const { actor, startSync, notifySynced } = start({ syncing: true, fetchUser });
    expect(selectIsSyncing(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL * 2);
    expect(startSync).not.toHaveBeenCalled();
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(notifySynced).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('clears the flag and shows the toast when the sync cannot start', async () => {
    const startSync = vi.fn(async () => {
      throw new ApiError(500, 'Internal Server Error');
    });
    const { actor, notifySyncError, notifySynced } = start({ startSync });
    actor.send({ type: 'sync.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(notifySyncError).toHaveBeenCalledTimes(1);
    expect(notifySynced).not.toHaveBeenCalled();
  });

  it('clears the flag and shows the toast when polling fails', async () => {
    const fetchUser = vi.fn(async (): Promise<User> => {
      throw new ApiError(0, 'Failed to fetch');
    });
    const { actor, notifySyncError } = start({ fetchUser });
    actor.send({ type: 'sync.start' });
    await vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(notifySyncError).toHaveBeenCalledTimes(1);
    // Sync can be pressed again.
    actor.send({ type: 'sync.start' });
    expect(selectIsSyncing(actor.getSnapshot())).toBe(true);
  });

  it('uses the docs/spec.md 8 text for the error toast', async () => {
    const { toastsActor } = await import('../shell/toasts.machine');
    const machine = accountSyncMachine.provide({
      actors: {
        startSync: fromPromise<void>(async () => {
          throw new ApiError(500, 'boom');
        }),
      },
    });
    const actor = createActor(machine, { input: { syncing: false } }).start();
    actor.send({ type: 'sync.start' });
    await vi.advanceTimersByTimeAsync(0);
    const messages = toastsActor()
      .getSnapshot()
      .context.visible.map((toast) => said(toast.getSnapshot().context.message));
    expect(messages).toContain('Sync error has occurred, please, try again');
  });

  it('tells its parent when the sync is over', async () => {
    const child = accountSyncMachine.provide({
      actors: { fetchUser: fromPromise<User>(async () => user(false)) },
    });
    const parent = setup({ actors: { child } }).createMachine({
      context: { synced: 0 },
      invoke: { src: 'child', input: { syncing: true } },
      on: {
        'account.synced': { actions: assign({ synced: ({ context }) => context.synced + 1 }) },
      },
    });
    const actor = createActor(parent).start();
    await vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL);
    expect(actor.getSnapshot().context.synced).toBe(1);
  });
});

describe('accountSync machine, model-based', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // What can happen in each state, the actors' answers and the poll timer included.
  const eventsIn: Record<string, AnyEventObject[]> = {
    idle: [{ type: 'sync.start' }],
    starting: [
      { type: 'xstate.done.actor.startSync' },
      { type: 'xstate.error.actor.startSync', error: new ApiError(500, 'boom') },
    ],
    waiting: [{ type: 'xstate.after.SYNC_POLL_INTERVAL.accountSync.waiting' }],
    polling: [
      { type: 'xstate.done.actor.fetchUser', output: user(true) },
      { type: 'xstate.done.actor.fetchUser', output: user(false) },
      { type: 'xstate.error.actor.fetchUser', error: new ApiError(0, 'Failed to fetch') },
    ],
  };
  const events = (snapshot: SnapshotFrom<typeof accountSyncMachine>) =>
    eventsIn[snapshot.value as string] ?? [];

  // The model has no parent to tell, so its notifying actions do nothing.
  const model = accountSyncMachine.provide({
    actions: { notifySynced: () => undefined, notifySyncError: () => undefined },
  });

  const runs = [false, true].map((syncing) => ({
    input: { syncing },
    paths: modelOf(model, events, { input: { syncing } }).getShortestPaths(),
  }));

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(model, runs)).toEqual([]);
  });

  for (const {
    input: { syncing },
    paths,
  } of runs) {
    it(`behaves as the model on every path (syncing at start: ${syncing})`, async () => {
      expect(visitedStates(paths)).toEqual(['"idle"', '"polling"', '"starting"', '"waiting"']);
      for (const path of paths) {
        const startSync = createSettler();
        const fetchUser = createSettler();
        const notifySynced = vi.fn();
        const notifySyncError = vi.fn();
        const machine = accountSyncMachine.provide({
          actors: {
            startSync: fromPromise<void>(() => startSync.call<void>()),
            fetchUser: fromPromise<User>(() => fetchUser.call<User>()),
          },
          actions: { notifySynced, notifySyncError },
        });
        // The dashboard's Sync button (docs/spec.md 2.4, 4.7) renders the sync its dashboard invokes.
        const dashboard = createActor(
          neverAnswering(dashboardMachine).provide({ actors: { accountSync: machine } }),
          { input: { syncing } },
        ).start();
        const view = render(<SyncButton dashboard={dashboard} />);
        const actor = selectAccountSync(dashboard.getSnapshot())!;
        const button = () => screen.getByRole('button', { name: /Sync/ });
        for (const { event, state } of path.steps) {
          const { value } = state;
          if (event.type === 'sync.start') fireEvent.click(button());
          else if (event.type.startsWith('xstate.after.')) {
            await vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL);
          } else if (event.type.endsWith('.startSync')) startSync.settle(event);
          else if (event.type.endsWith('.fetchUser')) fetchUser.settle(event);
          await act(() => vi.advanceTimersByTimeAsync(0));

          const snapshot = actor.getSnapshot();
          // 'Sync', or a disabled 'Syncing' with a spinner while the sync runs.
          expect(button()).toHaveTextContent(value === 'idle' ? 'Sync' : 'Syncing');
          if (value === 'idle') expect(button()).toBeEnabled();
          else expect(button()).toBeDisabled();
          expect(snapshot.value).toEqual(value);
          // What each state means from outside: the flag, and which call is in flight.
          expect(selectIsSyncing(snapshot)).toBe(value !== 'idle');
          expect(startSync.waiting).toBe(value === 'starting');
          expect(fetchUser.waiting).toBe(value === 'polling');
          if (event.type.startsWith('xstate.error.actor.')) {
            expect(notifySyncError).toHaveBeenCalledTimes(1);
          }
          if (event.type === 'xstate.done.actor.fetchUser' && value === 'idle') {
            expect(notifySynced).toHaveBeenCalledTimes(1);
          }
        }
        view.unmount();
        dashboard.stop();
      }
    });
  }
});
