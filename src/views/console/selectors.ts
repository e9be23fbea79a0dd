import type { SnapshotFrom } from 'xstate';
import { isDone } from '../../api/types';
import type { consoleMachine, ConsoleStateName } from '../../machines/console/console.machine';

// What the console view reads from its machine; every read goes through one of these.
export type ConsoleSnapshot = SnapshotFrom<typeof consoleMachine>;

export function selectConsoleState(snapshot: ConsoleSnapshot): ConsoleStateName {
  if (snapshot.matches({ loading: 'fetching' })) return 'fetching';
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('stream_on')) return 'stream_on';
  if (snapshot.matches('resolved')) return 'resolved';
  if (snapshot.matches('no_logs_available')) return 'no_logs_available';
  if (snapshot.matches('error')) return 'error';
  return 'idle';
}

export const selectLines = (snapshot: ConsoleSnapshot) => snapshot.context.lines;
export const selectShowAll = (snapshot: ConsoleSnapshot) => snapshot.context.showAll;
export const selectFollow = (snapshot: ConsoleSnapshot) => snapshot.context.follow;
export const selectFetchError = (snapshot: ConsoleSnapshot) => snapshot.context.fetchError;
/** Issue 28 item 4: while the step streams, whether a line too long to keep was left out. */
export const selectDroppedOverlong = (snapshot: ConsoleSnapshot) =>
  snapshot.matches('stream_on') && snapshot.context.droppedOverlong;

/** docs/spec.md 2.9: download once the step has stopped and its logs are resolved. */
export const selectCanDownload = (snapshot: ConsoleSnapshot) =>
  snapshot.matches('resolved') && Boolean(snapshot.context.step.stopped);

/**
 * A failed step the page landed on, read, still looking for its first error line (issue 30 item
 * 1): its rows wait for it, so they do not show at the top and then jump there.
 */
export const selectFindingFirstError = (snapshot: ConsoleSnapshot) =>
  snapshot.matches('resolved') && snapshot.context.landOnError === true;

/** A long stored log's last lines show alone while the rest is read (issue 32). */
export const selectTailShown = (snapshot: ConsoleSnapshot) => snapshot.context.tailShown;

/**
 * docs/spec.md 2.9: the follow-logs toggle while streaming, and after the shown step stopped running
 * while the build runs on (following then goes on to its next running step, in this stage or a
 * later one: issue 29 item 2).
 */
export const selectCanFollow = (snapshot: ConsoleSnapshot) =>
  snapshot.matches('stream_on') ||
  (snapshot.context.followNext && !isDone(snapshot.context.build.status));
