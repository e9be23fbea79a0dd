import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { TICK_INTERVAL, tickerMachine } from './ticker.machine';

describe('ticker machine', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('ticks only while some view watches, every TICK_INTERVAL', () => {
    const ticker = createActor(tickerMachine).start();
    expect(ticker.getSnapshot().value).toBe('idle');
    // No watcher: no timer at all (nothing for a test's fake clock to run forever).
    expect(vi.getTimerCount()).toBe(0);

    ticker.send({ type: 'ticker.watch' });
    ticker.send({ type: 'ticker.watch' });
    vi.advanceTimersByTime(TICK_INTERVAL);
    expect(ticker.getSnapshot().context.now).toBe(1_000_000 + TICK_INTERVAL);

    ticker.send({ type: 'ticker.unwatch' });
    vi.advanceTimersByTime(TICK_INTERVAL);
    expect(ticker.getSnapshot().context.now).toBe(1_000_000 + 2 * TICK_INTERVAL);

    ticker.send({ type: 'ticker.unwatch' });
    expect(ticker.getSnapshot().value).toBe('idle');
    expect(vi.getTimerCount()).toBe(0);
    ticker.stop();
  });

  it('reads the clock when the first view starts watching', () => {
    const ticker = createActor(tickerMachine).start();
    vi.setSystemTime(5_000_000);
    ticker.send({ type: 'ticker.watch' });
    expect(ticker.getSnapshot().context.now).toBe(5_000_000);
    ticker.stop();
  });
});
