import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { useLocation } from 'wouter';
import {
  notificationsActor,
  selectNotificationsState,
} from '../../machines/notifications/notifications.machine';
import { useT } from '../ui';
import { styled } from '../ui/theme';
import '../../i18n/en/palette';

// Issue 19 item 1: build notifications are off until the user turns them on (a bell on the
// build page, or the account page); only then does the browser ask for permission. This code
// loads on demand (NotificationsHost.tsx; issue 18).

/** Starts the app's notifications, and opens the build of a clicked notification. */
export function NotificationClicks() {
  const actor = notificationsActor();
  const [, navigate] = useLocation();
  useEffect(() => {
    const subscription = actor.on('notifications.navigate', ({ href }) => navigate(href));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
  return null;
}

export function useNotifications() {
  const actor = notificationsActor();
  const state = useSelector(actor, selectNotificationsState);
  const toggle = () =>
    actor.send({ type: state === 'on' ? 'notifications.disable' : 'notifications.enable' });
  return { state, toggle, dismiss: () => actor.send({ type: 'notifications.disable' }) };
}

const BellIcon = ({ crossed }: { crossed: boolean }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    {crossed ? <path d="M3 3l18 18" /> : null}
  </svg>
);

/** The build page's bell: on or off, and why it cannot be on. */
export function NotificationsBell() {
  const { state, toggle } = useNotifications();
  const hintId = useId();
  const t = useT();
  if (state === 'unsupported') return null;
  const on = state === 'on';
  return (
    <BellBox>
      <Bell
        type="button"
        aria-pressed={on}
        aria-busy={state === 'asking'}
        aria-describedby={state === 'denied' ? hintId : undefined}
        title={on ? t('shell.notifications.bellOn') : t('shell.notifications.bellOff')}
        data-state={state}
        onClick={toggle}
      >
        <BellIcon crossed={state === 'denied'} />
        <span>{t('shell.notifications.bell')}</span>
      </Bell>
      {state === 'denied' ? (
        <Hint id={hintId} role="note">
          {t('shell.notifications.denied')}
        </Hint>
      ) : null}
    </BellBox>
  );
}

const BellBox = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  flexWrap: 'wrap',
  maxWidth: '100%',
});

const Bell = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$1',
  minHeight: '32px',
  padding: '0 $2',
  border: '1px solid $border',
  borderRadius: '$2',
  backgroundColor: '$surface',
  color: '$textMuted',
  fontFamily: '$body',
  fontSize: '$1',
  cursor: 'pointer',
  svg: { width: '16px', height: '16px' },
  '&:hover': { backgroundColor: '$surfaceAlt' },
  '&[aria-pressed="true"]': { color: '$primary', borderColor: '$primary' },
  '&[data-state="denied"]': { color: '$warning' },
});

const Hint = styled('p', { margin: 0, fontSize: '$1', color: '$textMuted', maxWidth: '420px' });
