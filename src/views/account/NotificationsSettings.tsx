import { useId } from 'react';
import { Button, Card, Notice, useT } from '../ui';
import { styled } from '../ui/theme';
import { useNotifications } from '../shell/NotificationsBell';
import '../../i18n/en/palette';

// Issue 19 item 1: the account page's switch for build notifications (the build page has the
// bell, src/views/shell/NotificationsBell.tsx).

/** The account page's section: the same switch, with its explanation. */
export function NotificationsSettings() {
  const { state, toggle, dismiss } = useNotifications();
  const titleId = useId();
  const t = useT();
  return (
    <Card aria-labelledby={titleId}>
      <Stack>
        <Row>
          <div>
            <h2 id={titleId}>{t('shell.notifications.title')}</h2>
            <p>{t('shell.notifications.text')}</p>
          </div>
          {state === 'unsupported' ? null : (
            <Button
              variant={state === 'on' ? 'secondary' : 'primary'}
              aria-pressed={state === 'on'}
              disabled={state === 'asking'}
              onClick={toggle}
            >
              {state === 'on' ? t('shell.notifications.turnOff') : t('shell.notifications.turnOn')}
            </Button>
          )}
        </Row>
        {state === 'unsupported' ? (
          <Notice tone="warning">{t('shell.notifications.unsupported')}</Notice>
        ) : null}
        {state === 'asking' ? <p role="status">{t('shell.notifications.asking')}</p> : null}
        {state === 'on' ? <p role="status">{t('shell.notifications.on')}</p> : null}
        {state === 'denied' ? (
          <Notice tone="warning" role="note">
            <span style={{ flex: 1 }}>{t('shell.notifications.denied')}</span>
            <Button size="small" onClick={dismiss}>
              {t('shell.notifications.keepOff')}
            </Button>
          </Notice>
        ) : null}
      </Stack>
    </Card>
  );
}

const Stack = styled('div', { display: 'grid', gap: '$3', p: { margin: 0 } });

const Row = styled('div', {
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '$3',
  flexWrap: 'wrap',
  h2: { fontSize: '$3', margin: '0 0 $1' },
  p: { margin: 0, color: '$textMuted' },
});
