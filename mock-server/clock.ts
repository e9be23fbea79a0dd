// The engine's clock is injectable so tests can run pipelines instantly (docs/architecture.md 5).

export type TimerHandle = number;

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms) as unknown as TimerHandle,
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
};

/** A clock that only moves when told to; timers fire in due order during `advance`. */
export class ManualClock implements Clock {
  private current: number;
  private nextHandle = 1;
  private timers = new Map<TimerHandle, { due: number; callback: () => void }>();

  constructor(start = Date.UTC(2026, 10, 1, 12, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const handle = this.nextHandle++;
    this.timers.set(handle, { due: this.current + Math.max(0, ms), callback });
    return handle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle);
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      let nextHandle: TimerHandle | undefined;
      let nextDue = Infinity;
      for (const [handle, timer] of this.timers) {
        if (timer.due <= target && timer.due < nextDue) {
          nextDue = timer.due;
          nextHandle = handle;
        }
      }
      if (nextHandle === undefined) break;
      const timer = this.timers.get(nextHandle)!;
      this.timers.delete(nextHandle);
      this.current = Math.max(this.current, timer.due);
      timer.callback();
    }
    this.current = target;
  }

  /** Advances until no timer is left (bounded, so a runaway loop cannot hang a test). */
  runAll(maxMs = 24 * 3600 * 1000): void {
    const stop = this.current + maxMs;
    while (this.timers.size > 0 && this.current < stop) {
      const due = Math.min(...[...this.timers.values()].map((timer) => timer.due));
      this.advance(Math.max(0, due - this.current));
    }
  }

  get pending(): number {
    return this.timers.size;
  }
}
