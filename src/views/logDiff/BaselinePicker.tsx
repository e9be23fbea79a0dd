import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  selectChosen,
  selectLogDiffState,
  selectOffered,
} from '../../machines/logDiff/logDiff.machine';
import { showInvisibles } from '../../text/invisibles';
import { statusLabel, styled, useT } from '../ui';
import type { LogDiffRef } from './StepLogDiff';
import '../../i18n/en/logDiff';

/** The builds of the branch the search saw, to compare with another one than the last green. */
export function BaselinePicker({ actorRef }: { actorRef: LogDiffRef }) {
  const t = useT();
  const id = useId();
  const offered = useSelector(actorRef, selectOffered);
  const chosen = useSelector(actorRef, selectChosen);
  const searching = useSelector(actorRef, selectLogDiffState) === 'searching';
  if (searching || offered.length === 0) return null;
  return (
    <Picker>
      <label htmlFor={id}>{t('build.logDiff.compareWith')}</label>
      <select
        id={id}
        value={chosen ?? ''}
        onChange={(event) =>
          actorRef.send({ type: 'diff.pick', number: Number(event.currentTarget.value) })
        }
      >
        {chosen === null ? <option value="">{t('build.logDiff.pick')}</option> : null}
        {offered.map((build) => (
          <option key={build.number} value={build.number}>
            {t('build.logDiff.option', {
              number: build.number,
              status: statusLabel(build.status, t),
              message: showInvisibles(build.message),
            })}
          </option>
        ))}
      </select>
    </Picker>
  );
}

const Picker = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  minWidth: 0,
  select: { maxWidth: '24rem', minWidth: 0 },
});
