// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each test loads the module afresh: "shown" is once per page.
const load = () => import('./firstScreen');

describe('first screen shown (issue 18)', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('holds what waits until the first lines are marked painted, then runs each once', async () => {
    const { markFirstScreenShown, whenFirstScreenShown } = await load();
    const task = vi.fn();
    const cancelled = vi.fn();
    whenFirstScreenShown(task);
    whenFirstScreenShown(cancelled)();
    await vi.advanceTimersByTimeAsync(999);
    expect(task).not.toHaveBeenCalled();
    markFirstScreenShown();
    markFirstScreenShown();
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    // Once shown, a task runs at once.
    const late = vi.fn();
    whenFirstScreenShown(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('goes on after a second when no log lines are painted', async () => {
    const { whenFirstScreenShown } = await load();
    const task = vi.fn();
    whenFirstScreenShown(task);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
