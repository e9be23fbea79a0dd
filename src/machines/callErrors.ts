import type { ApiError } from '../api/client';

/**
 * The SPEC 8 message of a failed call, read from its `xstate.error.actor` event (the client has
 * already normalised it to an ApiError); `fallback` when the event carries none.
 */
export const errorMessageOf = (event: unknown, fallback = 'Unknown error') =>
  (event as { error?: ApiError }).error?.message ?? fallback;
