import type { ApiError } from '../../api/client';
import { msg, type Message } from '../../i18n/message';

/**
 * The server's text of a failed call (docs/spec.md 8), read from its `xstate.error.actor` event
 * (the client has already normalised it to an ApiError); `fallback` when the event carries none.
 * For guards that read what the server said ('Not Found'); people read errorOf's message.
 */
export const errorMessageOf = (event: unknown, fallback = '') =>
  (event as { error?: ApiError }).error?.message ?? fallback;

/** What the server said, shown as it came; "Unknown error" when it said nothing. */
export const serverSaid = (text: string | null | undefined): Message =>
  text ? msg('messages.server', { message: text }) : msg('messages.unknownError');

/** What a failed call reports, from its `xstate.error.actor` event. */
export const errorOf = (event: unknown): Message => serverSaid(errorMessageOf(event));

/**
 * A change was asked for and the server said yes, but its answer could not be read (cut short,
 * not JSON): the change probably happened. Machines look again instead of reporting a failure.
 */
export const isMalformedAnswer = (event: unknown) =>
  (event as { error?: ApiError }).error?.malformed === true;

/** The warning shown when a machine refetches after an unreadable answer (issue 17). */
export const UNREADABLE_ANSWER = msg('messages.unreadableAnswer');
