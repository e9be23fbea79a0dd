import { useSelector } from '@xstate/react';
import type { Stage } from '../../api/types';
import {
  hasWriteAccess,
  selectIsDeciding,
  selectRepo,
} from '../../machines/buildPage/buildPage.selectors';
import { useCurrentUser } from '../shell/session';
import { Button, Notice, StatusIcon, styled, UserText, useT } from '../ui';
import { showInvisibles } from '../../text/invisibles';
import type { BuildPageRef } from './BuildPage';

// Loaded when a build page shows a blocked stage (docs/architecture.md 7): most never do.

/** docs/spec.md 4.2 blocked: writers and admins approve or decline the stage; others are told to ask. */
export function BlockedPanel({ pageRef, stage }: { pageRef: BuildPageRef; stage: Stage }) {
  const repo = useSelector(pageRef, selectRepo);
  const t = useT();
  const deciding = useSelector(pageRef, selectIsDeciding);
  const user = useCurrentUser();
  return (
    <Blocked aria-label={t('build.blocked.stage', { stage: showInvisibles(stage.name) })}>
      <header>
        <StatusIcon status="blocked" />
        <h2>
          <UserText>{stage.name}</UserText>
        </h2>
      </header>
      {hasWriteAccess(repo, user) ? (
        <div>
          <Button
            variant="primary"
            disabled={deciding}
            onClick={() => pageRef.send({ type: 'build.approve' })}
          >
            {t('build.blocked.approve')}
          </Button>
          <Button
            variant="danger"
            disabled={deciding}
            onClick={() => pageRef.send({ type: 'build.decline' })}
          >
            {t('build.blocked.decline')}
          </Button>
        </div>
      ) : (
        <Notice tone="warning">{t('messages.blockedReadOnly')}</Notice>
      )}
    </Blocked>
  );
}

const Blocked = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  padding: '$4',
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$3',
  header: { display: 'flex', alignItems: 'center', gap: '$2' },
  h2: { margin: 0, fontSize: '$4' },
  'div:not([role])': { display: 'flex', gap: '$2', flexWrap: 'wrap' },
});
