import { fromCallback } from 'xstate';
import { code } from '../../boot/code';
import type { notificationsActor, WatchScope } from './notifications.machine';

// How pages reach build notifications (issue 19 item 1) without carrying the notifications
// machine on their first screen (issue 18): its code loads the first time a page watches or
// starts a build, once a build page's first log lines are painted (boot/code.ts), and what
// was asked meanwhile is delivered once it has arrived, so the watch of the build the user has
// open, or the build they started, is never dropped.

type NotificationsActor = ReturnType<typeof notificationsActor>;

const notificationsCode = code(() => import('./notifications.machine'), {
  afterFirstScreen: true,
});

function withNotifications(use: (actor: NotificationsActor) => void): void {
  notificationsCode().then(
    (module) => use(module.notificationsActor()),
    // The code did not arrive: no notification this time; the next page asks again.
    () => undefined,
  );
}

let watchers = 0;

/**
 * For page machines: invoke this while the page shows a repository or a build. Its builds are
 * announced when they finish; `notifications.scope` events move the watch (another build).
 */
export const watchForNotifications = fromCallback<
  { type: 'notifications.scope'; scope: WatchScope },
  WatchScope
>(({ input, receive }) => {
  const id = `watch-${++watchers}`;
  let scope = input;
  let actor: NotificationsActor | undefined;
  let ended = false;
  withNotifications((notifications) => {
    if (ended) return;
    actor = notifications;
    actor.send({ type: 'notifications.watch', id, scope });
  });
  receive((event) => {
    scope = event.scope;
    actor?.send({ type: 'notifications.watch', id, scope });
  });
  return () => {
    ended = true;
    actor?.send({ type: 'notifications.unwatch', id });
  };
});

/** For machines that start a build: it is announced when it finishes, wherever the user is. */
export function announceWhenFinished(scope: Required<WatchScope>): void {
  withNotifications((actor) => actor.send({ type: 'notifications.started', scope }));
}
