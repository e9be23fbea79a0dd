import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  logDiffMachine,
  selectBranch,
  selectChosen,
  selectDiff,
  selectDiffError,
  selectLogDiffState,
  type LogDiffInput,
} from '../../machines/logDiff/logDiff.machine';
import { Button, Loading, Notice, styled, UserText, useT } from '../ui';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { BaselinePicker } from './BaselinePicker';
import { DiffView } from './DiffView';
import '../../i18n/en/logDiff';

// Issue 30 item 5: a failed step's log against the same step in the last green build of its
// branch, as a panel under the step's console, closed until asked (LogDiffPanel.tsx).

export type LogDiffRef = ActorRefFrom<typeof logDiffMachine>;

/** The panel of one failed step: a button until the comparison is asked for. */
export function StepLogDiff(input: LogDiffInput) {
  const t = useT();
  const actorRef = useInspectedActorRef(logDiffMachine, { input });
  const state = useSelector(actorRef, selectLogDiffState);
  if (state === 'closed') {
    return (
      <Bar>
        <Button size="small" onClick={() => actorRef.send({ type: 'diff.open' })}>
          {t('build.logDiff.open')}
        </Button>
      </Bar>
    );
  }
  return (
    <Panel aria-label={t('build.logDiff.title')}>
      <Header>
        <h3>{t('build.logDiff.title')}</h3>
        <BaselinePicker actorRef={actorRef} />
        <Button size="small" onClick={() => actorRef.send({ type: 'diff.close' })}>
          {t('common.close')}
        </Button>
      </Header>
      <Body actorRef={actorRef} />
    </Panel>
  );
}

function Body({ actorRef }: { actorRef: LogDiffRef }) {
  const t = useT();
  const state = useSelector(actorRef, selectLogDiffState);
  const branch = useSelector(actorRef, selectBranch);
  const chosen = useSelector(actorRef, selectChosen);
  const error = useSelector(actorRef, selectDiffError);
  const diff = useSelector(actorRef, selectDiff);
  const { stageName: stage, stepName: step } = actorRef.getSnapshot().context;
  switch (state) {
    case 'searching':
      return <Loading label={t('build.logDiff.searching', { branch })} />;
    case 'loadingBaseline':
    case 'loadingLogs':
      return <Loading label={t('build.logDiff.loading', { number: chosen ?? 0 })} />;
    case 'comparing':
      return <Loading label={t('build.logDiff.comparing')} />;
    case 'none':
      return (
        <Notice>
          <UserText>{t('build.logDiff.none', { branch })}</UserText>
        </Notice>
      );
    case 'noStep':
      return (
        <Notice>
          <UserText>{t('build.logDiff.noStep', { number: chosen ?? 0, stage, step })}</UserText>
        </Notice>
      );
    case 'failed':
      return (
        <Notice tone="danger" role="alert">
          <UserText>{error ? t(error.key, error.values) : t('messages.unknownError')}</UserText>
          <Button size="small" onClick={() => actorRef.send({ type: 'diff.retry' })}>
            {t('common.retry')}
          </Button>
        </Notice>
      );
    case 'ready':
      return diff ? <DiffView actorRef={actorRef} diff={diff} /> : null;
    default:
      return null;
  }
}

const Bar = styled('div', { display: 'flex', justifyContent: 'flex-end' });

const Panel = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  minWidth: 0,
  padding: '$3',
  borderRadius: '$2',
  border: '1px solid $border',
});

const Header = styled('header', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  h3: { margin: 0, fontSize: '$2', fontWeight: 600, marginRight: 'auto' },
});
