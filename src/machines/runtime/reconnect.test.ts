import { describe, expect, it } from 'vitest';
import {
  attemptAfterDrop,
  attemptAfterOpen,
  FIRST_ATTEMPT,
  RECONNECT_BASE_DELAY,
  RECONNECT_JITTER,
  RECONNECT_MAX_DELAY,
  reconnectDelay,
} from './reconnect';

// The reconnect policy every event-stream machine shares; the machines' own tests only check that
// they wait `reconnectDelay(attempt)` and count attempts with it.

const noJitter = () => 0;
const fullJitter = () => 0.999999;

/** The attempt count after `drops` failures in a row from a fresh start. */
const afterDrops = (drops: number) =>
  Array.from({ length: drops }).reduce<number>(attemptAfterDrop, FIRST_ATTEMPT);

describe('reconnect policy', () => {
  it('waits the base delay after the first drop and doubles it after every further failure', () => {
    expect(RECONNECT_BASE_DELAY).toBe(1000);
    expect([1, 2, 3, 4, 5].map((drops) => reconnectDelay(afterDrops(drops), noJitter))).toEqual([
      1000, 2000, 4000, 8000, 16000,
    ]);
  });

  it('never waits longer than the maximum delay', () => {
    expect(RECONNECT_MAX_DELAY).toBe(30000);
    expect(reconnectDelay(afterDrops(6), noJitter)).toBe(RECONNECT_MAX_DELAY);
    expect(reconnectDelay(afterDrops(60), noJitter)).toBe(RECONNECT_MAX_DELAY);
  });

  it('takes at most the jitter share off a wait, and never adds to it', () => {
    for (const drops of [1, 3, 10]) {
      const longest = reconnectDelay(afterDrops(drops), noJitter);
      const shortest = reconnectDelay(afterDrops(drops), fullJitter);
      expect(shortest).toBeLessThan(longest);
      expect(shortest).toBeGreaterThanOrEqual(Math.floor(longest * (1 - RECONNECT_JITTER)));
      expect(reconnectDelay(afterDrops(drops), () => 0.5)).toBe(
        Math.round(longest * (1 - RECONNECT_JITTER / 2)),
      );
    }
  });

  it('uses Math.random as its jitter unless told otherwise', () => {
    const delays = new Set(Array.from({ length: 50 }, () => reconnectDelay(afterDrops(5))));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) {
      expect(delay).toBeLessThanOrEqual(16000);
      expect(delay).toBeGreaterThanOrEqual(16000 * (1 - RECONNECT_JITTER));
    }
  });

  it('starts over at the base delay once a connection opens', () => {
    expect(attemptAfterOpen()).toBe(FIRST_ATTEMPT);
    expect(reconnectDelay(attemptAfterDrop(attemptAfterOpen()), noJitter)).toBe(
      RECONNECT_BASE_DELAY,
    );
  });
});
