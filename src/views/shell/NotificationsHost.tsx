import { onDemand } from '../../boot/OnDemand';
import { useCurrentUser } from './session';

// Build notifications (issue 19 item 1) without their code on the first screen (issue 18): it
// loads once a user is signed in, after a build page's first log lines (or a second into any
// other page: boot/firstScreen.ts), and the build page's bell shows once it has
// arrived. Pages watch through machines/notifications/notificationsLink.ts, which waits for it too.

const bell = () => import('./NotificationsBell');
const NotificationClicks = onDemand(() => bell().then((m) => m.NotificationClicks), null, {
  afterFirstScreen: true,
});

/** The build page's bell, shown once its code has arrived. */
export const NotificationsBell = onDemand(() => bell().then((m) => m.NotificationsBell), null, {
  afterFirstScreen: true,
});

/** Starts the app's notifications for a signed-in user, and opens a clicked build. */
export function NotificationsHost() {
  const user = useCurrentUser();
  return user ? <NotificationClicks /> : null;
}
