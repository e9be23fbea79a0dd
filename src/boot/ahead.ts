// Answers asked for ahead of need (issue 18): at boot, the calls a build URL's page makes first
// leave at once, beside the app's code, and the page's own call takes the answer instead of
// asking again.

/** How long an answer asked for ahead waits to be taken (a page that never asks lets it go). */
export const AHEAD_MS = 10_000;
const waiting = new Map<string, Promise<unknown>>();
/** The answers among them that have come (a failure stays only a promise: its taker reports it). */
const arrived = new Map<string, unknown>();

function forget(key: string): void {
  waiting.delete(key);
  arrived.delete(key);
}

/**
 * Starts `call` now for the next `takeAhead(key)`; while one waits, asking again does nothing.
 * Returns the answer waiting under `key`.
 */
export function askAhead(key: string, call: () => Promise<unknown>): Promise<unknown> {
  const asked = waiting.get(key);
  if (asked) return asked;
  const answer = call();
  answer.then(
    (value) => {
      if (waiting.get(key) === answer) arrived.set(key, value);
    },
    () => undefined, // Seen by the taker, or by nobody.
  );
  waiting.set(key, answer);
  setTimeout(() => {
    if (waiting.get(key) === answer) forget(key);
  }, AHEAD_MS);
  return answer;
}

/** The answer asked for ahead under `key`, once (a later call asks the server again); or null. */
export function takeAhead<T>(key: string): Promise<T> | null {
  const answer = waiting.get(key) as Promise<T> | undefined;
  forget(key);
  return answer ?? null;
}

/**
 * The answer asked for ahead under `key` if it has already come, without taking it: a page can
 * start on it in its first render, which React may run more than once (issue 32). The page takes
 * it (takeAhead) once it has started.
 */
export function arrivedAhead<T>(key: string): T | undefined {
  return arrived.get(key) as T | undefined;
}
