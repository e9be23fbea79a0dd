import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import type { Build, Stage, Step } from '../../api/types';
import {
  hasWriteAccess,
  selectIsDeciding,
  selectRepo,
  selectRoute,
} from '../../machines/buildPage/buildPage.selectors';
import { useCurrentUser } from '../shell/session';
import { Button, Modal, Notice, StatusIcon, styled, UserText, useT } from '../ui';
import { showInvisibles } from '../../text/invisibles';
import type { BuildPageRef } from './BuildPage';
import { buildHref } from './paths';
import { StageNav } from './StageNav';
import { StepPanel } from './StepPanel';
import { useIsMobile } from './useIsMobile';

type RepoRef = { namespace: string; name: string };

/**
 * docs/spec.md 2.9 log view: 'Pipeline stages' on the left, the selected step on the right. Below 768px
 * the step opens in a fullscreen modal when the path names a step; closing it goes back to the
 * stage, i.e. to the navigation. A blocked stage shows its approval panel instead of a step.
 */
export function LogView({
  pageRef,
  repo,
  build,
  stage,
  step,
  blocked,
  explicitStep,
}: {
  pageRef: BuildPageRef;
  repo: RepoRef;
  build: Build;
  stage: Stage;
  step: Step | undefined;
  blocked: boolean;
  explicitStep: boolean;
}) {
  const route = useSelector(pageRef, selectRoute);
  const isMobile = useIsMobile();
  const [, navigate] = useLocation();
  const nav = <StageNav repo={repo} build={build} stage={route.stage} step={route.step} />;
  const detail = blocked ? (
    <BlockedPanel pageRef={pageRef} stage={stage} />
  ) : (
    <StepPanel pageRef={pageRef} repo={repo} build={build} stage={stage} step={step} />
  );

  if (isMobile) {
    return (
      <MobileColumn>
        {blocked ? detail : null}
        {nav}
        {!blocked && explicitStep && step ? (
          <Modal
            size="fullscreen"
            title={step.name}
            onClose={() => navigate(buildHref(repo, build.number, stage.number))}
          >
            {detail}
          </Modal>
        ) : null}
      </MobileColumn>
    );
  }
  return (
    <Columns>
      {nav}
      {detail}
    </Columns>
  );
}

/** docs/spec.md 4.2 blocked: writers and admins approve or decline the stage; others are told to ask. */
function BlockedPanel({ pageRef, stage }: { pageRef: BuildPageRef; stage: Stage }) {
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

const Columns = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'minmax(220px, 280px) minmax(0, 1fr)',
  gap: '$4',
  alignItems: 'start',
});

const MobileColumn = styled('div', { display: 'flex', flexDirection: 'column', gap: '$3' });

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
