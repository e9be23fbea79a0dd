import { useEffect } from 'react';
import { statelyInspectorActor } from '../../machines/devtools/statelyInspector.machine';
import { useT } from '../ui';
import { styled } from '../ui/theme';
import { StatelyInspectorStatus } from './StatelyInspectorStatus';
import '../../i18n/en/devtools';

// `?inspect=stately` in any console URL: this tab's actors go to Stately's
// inspector. Loaded only when asked (App.tsx), so neither this nor the library is on the first
// screen otherwise.

const Bar = styled('aside', {
  position: 'fixed',
  right: '$3',
  bottom: '$3',
  zIndex: 20,
  maxWidth: '380px',
  padding: '$2 $3',
  border: '1px solid $border',
  borderRadius: '$3',
  backgroundColor: '$surface',
  boxShadow: '0 4px 16px rgba(0, 0, 0, 0.15)',
  fontSize: '$2',
  p: { margin: '$1 0' },
});

export function StatelyInspectorBar() {
  const t = useT();
  // Asked for by the URL: the first attempt needs no click (a browser may block its window, and
  // then the button, a click, opens it).
  useEffect(() => {
    const actor = statelyInspectorActor();
    if (actor.getSnapshot().matches('detached')) actor.send({ type: 'inspector.open' });
  }, []);
  return (
    <Bar aria-label={t('devtools.stately.title')}>
      <strong>{t('devtools.stately.title')}</strong>
      <StatelyInspectorStatus />
    </Bar>
  );
}
