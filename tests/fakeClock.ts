import { afterEach, beforeEach, vi } from 'vitest';
import { notify } from '../src/machines/shell/toasts.machine';

/**
 * Machine tests on a fake clock, with error and warning toasts recorded by spies instead of
 * shown (tests assert on `notify.error` and `notify.warning`). Call once at the top of a test file.
 */
export function setupFakeClock() {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    vi.spyOn(notify, 'warning').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}

/** Lets settled promises and zero-delay timers run on the fake clock. */
export const settle = () => vi.advanceTimersByTimeAsync(0);
