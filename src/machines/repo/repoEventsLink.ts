import { fromCallback } from 'xstate';
import type { RepoEventsEmitted } from './repoEvents.machine';
import { repoEventsCode } from './repoEventsCode';

// How machines follow the repository event stream (docs/spec.md 4.5) without carrying its machine
// on a build page's first screen (issue 32): its code loads once the first log lines are painted
// (./repoEventsCode.ts), and the stream connects then. What happened meanwhile the build page
// already has: it fetched the build, and polls while the build runs.

/**
 * For other machines: invoke this to receive `repo.updated` / `stream.reconnected` as events.
 * Example: `invoke: { src: 'followRepoEvents' }` with `actors: { followRepoEvents }`.
 */
export const followRepoEvents = fromCallback<{ type: 'noop' }>(({ sendBack }) => {
  let stop: (() => void) | undefined;
  let ended = false;
  repoEventsCode().then(
    ({ repoEventsActor }) => {
      if (ended) return;
      const actor = repoEventsActor();
      const forward = (event: RepoEventsEmitted) => sendBack(event);
      const updated = actor.on('repo.updated', forward);
      const reconnected = actor.on('stream.reconnected', forward);
      stop = () => {
        updated.unsubscribe();
        reconnected.unsubscribe();
      };
    },
    // The code did not arrive: no live updates on this page; the next page asks again.
    () => undefined,
  );
  return () => {
    ended = true;
    stop?.();
  };
});
