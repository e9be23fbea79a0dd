import { afterEach, beforeEach, vi } from 'vitest';
import { notify } from '../src/machines/toasts.machine';

/**
 * Machine tests on a fake clock, with error toasts recorded by a spy instead of shown (tests
 * assert on `notify.error`). Call once at the top of a test file.
 */
export function setupFakeClock() {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(notify, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}

/** Lets settled promises and zero-delay timers run on the fake clock. */
export const settle = () => vi.advanceTimersByTimeAsync(0);
