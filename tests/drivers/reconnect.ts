import { afterEach, beforeEach, vi } from 'vitest';
import { reconnectDelay } from '../../src/machines/runtime/reconnect';

/**
 * For the tests of a machine that reconnects with the shared policy (src/machines/runtime/reconnect.ts,
 * tested on its own): fixes its jitter (the machines' delays draw on Math.random) and returns the
 * wait the policy gives after `attempt` failures in a row, so a test checks that the machine waits
 * exactly that, counts its attempts and resets them, without restating the formula.
 * Call once at the top of a describe block.
 */
export function fixReconnectJitter(random = 0.5) {
  beforeEach(() => void vi.spyOn(Math, 'random').mockReturnValue(random));
  afterEach(() => vi.mocked(Math.random).mockRestore());
  return (attempt: number) => reconnectDelay(attempt, () => random);
}
