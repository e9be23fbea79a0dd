import { useSelector } from '@xstate/react';
import { copyMachine } from '../../machines/shell/copy.machine';
import { Button } from './Button';
import { useInspectedActorRef } from '../useInspectedActorRef';

/** Copies `text`; reads `copiedLabel` ('Copied' or 'Copied!') for 2 seconds afterwards. */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
  ariaLabel,
}: {
  text: string;
  label?: string;
  copiedLabel?: string;
  ariaLabel?: string;
}) {
  const copy = useInspectedActorRef(copyMachine);
  const state = useSelector(copy, (snapshot) => snapshot.value);
  return (
    <Button
      size="small"
      aria-label={ariaLabel}
      onClick={() => copy.send({ type: 'copy.request', text })}
    >
      <span aria-live="polite">
        {state === 'copied' ? copiedLabel : state === 'failed' ? 'Copy failed' : label}
      </span>
    </Button>
  );
}
