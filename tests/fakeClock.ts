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

/**
 * A fake clock for each test, run on for 10 s after it: toasts are app-wide (one toasts actor),
 * so the toasts a test raised expire before the next test looks at the page. Call once at the
 * top of a describe block.
 */
export function setupFakeClockExpiringToasts() {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.advanceTimersByTime(10_000);
    vi.useRealTimers();
  });
}
