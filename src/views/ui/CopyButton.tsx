import { useSelector } from '@xstate/react';
import { copyMachine } from '../../machines/shell/copy.machine';
import { Button } from './Button';
import { useT } from './i18n';
import { useInspectedActorRef } from '../useInspectedActorRef';

/** Copies `text`; reads `copiedLabel` ('Copied' unless told) for 2 seconds afterwards. */
export function CopyButton({
  text,
  label,
  copiedLabel,
  ariaLabel,
}: {
  text: string;
  label?: string;
  copiedLabel?: string;
  ariaLabel?: string;
}) {
  const t = useT();
  const copy = useInspectedActorRef(copyMachine);
  const state = useSelector(copy, (snapshot) => snapshot.value);
  return (
    <Button
      size="small"
      aria-label={ariaLabel}
      onClick={() => copy.send({ type: 'copy.request', text })}
    >
      <span aria-live="polite">
        {state === 'copied'
          ? (copiedLabel ?? t('common.copied'))
          : state === 'failed'
            ? t('common.copyFailed')
            : (label ?? t('common.copy'))}
      </span>
    </Button>
  );
}
