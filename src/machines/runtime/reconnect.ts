// The one reconnect policy of the console's event streams (docs/spec.md 7.6: /api/stream and a
// step's log stream). The spec's constants (docs/spec.md 9) give no back-off timings, so these are
// the console's own, as both streams had them: after the first drop wait 1000 ms, double the wait
// after every further failure, never wait more than 30000 ms, and start over once a connection
// opens. Jitter takes up to a fifth off each wait, so tabs dropped together (a server restart) do
// not all come back in the same instant; it never makes a wait longer.
//
// A machine keeps `attempt` in its context, counts drops with `attemptAfterDrop`, resets it with
// `attemptAfterOpen` and waits in a named delay: `delays: { RECONNECT_DELAY: ({ context }) =>
// reconnectDelay(context.attempt) }`.

export const RECONNECT_BASE_DELAY = 1000;
export const RECONNECT_MAX_DELAY = 30000;
/** The largest share of a wait that jitter takes off. */
export const RECONNECT_JITTER = 0.2;

/** Before the first connection: no failure yet. */
export const FIRST_ATTEMPT = 0;

/** A drop (or a connection that fails before opening) is one more failed attempt in a row. */
export const attemptAfterDrop = (attempt: number) => attempt + 1;

/** An open connection is a success: the next drop waits the base delay again. */
export const attemptAfterOpen = () => FIRST_ATTEMPT;

/**
 * The wait before reconnecting after `attempt` failures in a row. `random` (in [0, 1)) is the
 * jitter's source; tests pass their own.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const backOff = Math.min(
    RECONNECT_MAX_DELAY,
    RECONNECT_BASE_DELAY * 2 ** Math.max(0, attempt - 1),
  );
  return Math.round(backOff * (1 - RECONNECT_JITTER * random()));
}
