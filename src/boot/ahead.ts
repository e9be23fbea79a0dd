// Answers asked for ahead of need (issue 18): at boot, the calls a build URL's page makes first
// leave at once, beside the app's code, and the page's own call takes the answer instead of
// asking again.

/** How long an answer asked for ahead waits to be taken (a page that never asks lets it go). */
export const AHEAD_MS = 10_000;
const waiting = new Map<string, Promise<unknown>>();

/**
 * Starts `call` now for the next `takeAhead(key)`; while one waits, asking again does nothing.
 * Returns the answer waiting under `key`.
 */
export function askAhead(key: string, call: () => Promise<unknown>): Promise<unknown> {
  const asked = waiting.get(key);
  if (asked) return asked;
  const answer = call();
  answer.catch(() => undefined); // Seen by the taker, or by nobody.
  waiting.set(key, answer);
  setTimeout(() => {
    if (waiting.get(key) === answer) waiting.delete(key);
  }, AHEAD_MS);
  return answer;
}

/** The answer asked for ahead under `key`, once (a later call asks the server again); or null. */
export function takeAhead<T>(key: string): Promise<T> | null {
  const answer = waiting.get(key) as Promise<T> | undefined;
  waiting.delete(key);
  return answer ?? null;
}

/**
 * A call boot may ask for ahead (./early.ts): `prefetch` asks and returns the answer, `fetch`
 * takes that answer once, else asks.
 */
export const ahead = <T>(key: string, call: () => Promise<T>) => ({
  fetch: () => takeAhead<T>(key) ?? call(),
  prefetch: () => askAhead(key, call) as Promise<T>,
});
