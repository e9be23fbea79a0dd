import { useSelector } from '@xstate/react';
import {
  selectInspectorFailure,
  selectInspectorStatus,
  STATELY_INSPECTOR_URL,
  statelyInspectorActor,
} from '../../machines/devtools/statelyInspector.machine';
import { Button, useT } from '../ui';
import { styled } from '../ui/theme';
import '../../i18n/en/devtools';

const Hint = styled('p', { color: '$textMuted', fontSize: '$1', margin: '$1 0' });
const Failure = styled('p', { color: '$danger', fontSize: '$1', margin: '$1 0' });

/**
 * Stately's inspector for this tab (statelyInspector.machine.ts): the button that opens it, and
 * what came of it, said as it is: attached only once its page has answered.
 */
export function StatelyInspectorStatus() {
  const t = useT();
  const actor = statelyInspectorActor();
  const status = useSelector(actor, selectInspectorStatus);
  const { failure, message } = useSelector(actor, selectInspectorFailure);
  const open = () => actor.send({ type: 'inspector.open' });
  return (
    <>
      {status === 'attached' ? (
        <p role="status">{t('devtools.stately.attached')}</p>
      ) : (
        <Button disabled={status === 'connecting'} onClick={open} aria-describedby="stately-hint">
          {status === 'connecting'
            ? t('devtools.stately.connecting')
            : status === 'failed'
              ? t('devtools.stately.retry')
              : t('devtools.stately.open')}
        </Button>
      )}
      {failure ? (
        <Failure role="alert">
          {t(`devtools.stately.failed.${failure}`, { url: STATELY_INSPECTOR_URL, message })}
        </Failure>
      ) : null}
      {/* Issue 28 item 2: what the inspector receives, and where it goes, before it is opened. */}
      <Hint id="stately-hint">{t('devtools.stately.hint', { url: STATELY_INSPECTOR_URL })}</Hint>
    </>
  );
}
