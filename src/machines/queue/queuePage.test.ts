import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import { makeStage } from '../../../tests/factories';
import { said } from '../../../tests/said';
import type { RepoEventsEmitted } from '../repo/repoEvents.machine';
import { queuePageMachine, REFRESH_DELAY, reportOf, selectConfirming } from './queuePage.machine';
import type { QueueData } from './queueReport';

const NOW = Date.UTC(2026, 10, 1, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

const arm = makeStage(2, 'pending', {
  id: 20,
  repo_id: 1,
  build_id: 100,
  name: 'linux-arm64',
  arch: 'arm64',
  created: seconds(NOW) - 75 * 60,
});
const queued: QueueData = {
  stages: [arm],
  builds: { 100: { namespace: 'drone', name: 'runner', number: 41 } },
};

function start({
  readQueue = vi.fn(async () => queued),
  pauseQueue = vi.fn(async (): Promise<void> => undefined),
  resumeQueue = vi.fn(async (): Promise<void> => undefined),
} = {}) {
  let stream: ((event: RepoEventsEmitted) => void) | undefined;
  const actor = createActor(
    queuePageMachine.provide({
      actors: {
        readQueue: fromPromise(readQueue),
        pauseQueue: fromPromise(pauseQueue),
        resumeQueue: fromPromise(resumeQueue),
        followRepoEvents: fromCallback(({ sendBack }) => {
          stream = sendBack;
        }),
      },
      actions: { notifyPaused: () => undefined, notifyResumed: () => undefined },
    }),
  ).start();
  return {
    actor,
    readQueue,
    pauseQueue,
    resumeQueue,
    stream: (e: RepoEventsEmitted) => stream!(e),
  };
}

const report = (actor: ReturnType<typeof start>['actor']) => reportOf(actor.getSnapshot().context);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('queuePage machine', () => {
  it('ticks the wait of a pending stage once a second', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(report(actor).pending[0]?.waited).toBe(75 * 60);
    await vi.advanceTimersByTimeAsync(3000);
    expect(report(actor).pending[0]?.waited).toBe(75 * 60 + 3);
  });

  it('says why the arm64 stage waits: no stage of its platform picked up in an hour', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(report(actor).pending[0]?.hints.map(said)).toEqual([
      'no stage for linux/arm64 was picked up in the last hour',
    ]);
  });

  it.each([
    [501, 'Not Implemented'],
    [404, '404 page not found'],
  ])('shows a notice, not a failure, when the server answers %i', async (status, message) => {
    const { actor } = start({
      readQueue: vi.fn(async () => {
        throw new ApiError(status, message);
      }),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('unsupported');
    expect(said(actor.getSnapshot().context.problem)).toContain(`answered ${status} (${message})`);
  });

  it('fails with the server message and loads again on retry', async () => {
    const readQueue = vi
      .fn<() => Promise<QueueData>>()
      .mockRejectedValueOnce(new ApiError(500, 'database is locked'))
      .mockResolvedValue(queued);
    const { actor } = start({ readQueue });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(said(actor.getSnapshot().context.problem)).toContain('database is locked');
    actor.send({ type: 'queue.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('pauses only after the confirmation, and a cancel sends nothing', async () => {
    const { actor, pauseQueue } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'queue.pause' });
    expect(selectConfirming(actor.getSnapshot())).toBe('pause');
    actor.send({ type: 'confirm.cancel' });
    expect(selectConfirming(actor.getSnapshot())).toBeNull();
    expect(pauseQueue).not.toHaveBeenCalled();

    actor.send({ type: 'queue.pause' });
    actor.send({ type: 'confirm.accept' });
    await vi.advanceTimersByTimeAsync(0);
    expect(pauseQueue).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.scheduler).toBe('paused');
    expect(report(actor).pending[0]?.hints.map(said)[0]).toBe(
      'the scheduler was paused from this page',
    );
  });

  it('resumes after its own confirmation', async () => {
    const { actor, resumeQueue } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'queue.resume' });
    expect(selectConfirming(actor.getSnapshot())).toBe('resume');
    actor.send({ type: 'confirm.accept' });
    await vi.advanceTimersByTimeAsync(0);
    expect(resumeQueue).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.scheduler).toBe('resumed');
  });

  it('reads the queue again once after a burst of events', async () => {
    const { readQueue, stream } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(readQueue).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) stream({ type: 'repo.updated', repo: {} as never });
    await vi.advanceTimersByTimeAsync(REFRESH_DELAY);
    expect(readQueue).toHaveBeenCalledTimes(2);
  });

  it('keeps the rows and says so when a later read fails', async () => {
    const readQueue = vi
      .fn<() => Promise<QueueData>>()
      .mockResolvedValueOnce(queued)
      .mockRejectedValue(new ApiError(502, 'Bad Gateway'));
    const { actor } = start({ readQueue });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'queue.refresh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(said(actor.getSnapshot().context.staleError)).toContain('Bad Gateway');
    expect(report(actor).pending).toHaveLength(1);
  });
});
