// Long loops (searching a million lines, finding groups in them) run in slices of a few
// milliseconds, yielding to the browser in between, so input and rendering never wait long.

/** Schedules `task` soon; returns a function that cancels it. */
export type Schedule = (task: () => void) => () => void;

/** Time one slice may take, in ms: well under a frame, far under a "long task" (50 ms). */
export const SLICE_MS = 8;

/**
 * Yields to the browser through a message (setTimeout is clamped to 4 ms after a few nested calls,
 * and much more in background tabs), falling back to setTimeout where MessageChannel is missing.
 */
export const yieldToBrowser: Schedule = (task) => {
  if (typeof MessageChannel === 'undefined') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    task();
  };
  channel.port2.postMessage(undefined);
  return () => channel.port1.close();
};

const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());

/**
 * Runs `work(shouldYield)` in slices until it returns true (done). `work` keeps its own progress
 * and checks `shouldYield()` between units. Returns a function that stops the loop.
 */
export function runInSlices(
  work: (shouldYield: () => boolean) => boolean,
  schedule: Schedule = yieldToBrowser,
): () => void {
  let stopped = false;
  let cancel = () => {};
  const slice = () => {
    if (stopped) return;
    const deadline = now() + SLICE_MS;
    const done = work(() => now() >= deadline);
    if (!done && !stopped) cancel = schedule(slice);
  };
  cancel = schedule(slice);
  return () => {
    stopped = true;
    cancel();
  };
}
