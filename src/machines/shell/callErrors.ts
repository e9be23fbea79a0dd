import type { ApiError } from '../../api/client';

/**
 * The docs/spec.md 8 message of a failed call, read from its `xstate.error.actor` event (the client has
 * already normalised it to an ApiError); `fallback` when the event carries none.
 */
export const errorMessageOf = (event: unknown, fallback = 'Unknown error') =>
  (event as { error?: ApiError }).error?.message ?? fallback;

/**
 * A change was asked for and the server said yes, but its answer could not be read (cut short,
 * not JSON): the change probably happened. Machines look again instead of reporting a failure.
 */
export const isMalformedAnswer = (event: unknown) =>
  (event as { error?: ApiError }).error?.malformed === true;

/** The warning shown when a machine refetches after an unreadable answer (issue 17). */
export const UNREADABLE_ANSWER =
  "The server's answer could not be read; showing what it holds now.";
