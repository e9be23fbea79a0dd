import type { Schedule } from '../../logs/slices';

// What an event stream delivers reaches its machine once per animation frame (issue 18 for a
// step's log lines, issue 28 item 5 for the repository events): a chunk may complete thousands of
// events, and a flood of chunks thousands more before the next frame, but the machine, and every
// listener after it, takes one event per frame. A tab nobody looks at paints no frames, so what
// arrives waits and goes over at once when it is shown.

/** The next animation frame (a timer where there are no frames, e.g. in Node). */
export const nextAnimationFrame: Schedule = (task) => {
  if (typeof requestAnimationFrame === 'undefined') {
    const timer = setTimeout(task, 16);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => task());
  return () => cancelAnimationFrame(frame);
};

export interface FrameBatch<T> {
  /** Adds items to the frame's batch, asking for a frame if none is asked yet. */
  add(items: readonly T[]): void;
  /** Hands the batch over now (the stream ended: nothing that arrived is lost). */
  flush(): void;
  /** Forgets the batch and the frame asked for (the stream is closed). */
  cancel(): void;
}

/** Gathers items and hands them to `handOver` together, at the frame `schedule` gives. */
export function createFrameBatch<T>(
  schedule: Schedule,
  handOver: (items: T[]) => void,
): FrameBatch<T> {
  let waiting: T[] = [];
  let cancelFrame: (() => void) | null = null;
  const cancel = () => {
    cancelFrame?.();
    cancelFrame = null;
  };
  const flush = () => {
    cancel();
    if (waiting.length === 0) return;
    const items = waiting;
    waiting = [];
    handOver(items);
  };
  return {
    add(items) {
      for (const item of items) waiting.push(item);
      if (waiting.length > 0) cancelFrame ??= schedule(flush);
    },
    flush,
    cancel() {
      cancel();
      waiting = [];
    },
  };
}
