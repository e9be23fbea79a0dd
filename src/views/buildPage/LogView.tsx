import { useSelector } from '@xstate/react';
import type { CSSProperties } from 'react';
import { useLocation } from 'wouter';
import type { Build, Stage, Step } from '../../api/types';
import { selectRoute } from '../../machines/buildPage/buildPage.selectors';
import { styled } from '../ui';
import { onDemand } from '../../boot/OnDemand';
import { stepDialogCode } from '../../boot/early';
import { Extra } from './extras';
import type { BuildPageRef } from './BuildPage';
import { buildHref } from './paths';
import { StepPanel } from './StepPanel';
import { summaryRoom } from './summaryRoom';
import { useIsMobile } from './useIsMobile';

type RepoRef = { namespace: string; name: string };

// A phone shows the step in a full-screen dialog, whose code is not on a desktop's first screen
// (a phone's boot loads it beside the page's).
const Modal = onDemand(stepDialogCode, null);
// The stage list beside the step: its code loads after the first lines (a pointer over its place
// loads it at once), meanwhile an empty box holds its column, of a fixed width beside the console.
const StageNav = onDemand(() => import('./StageNav').then((m) => m.StageNav), StageListRoom, {
  afterFirstScreen: true,
});
// docs/architecture.md 7: a blocked stage's approval panel loads when a build page shows one.
const BlockedPanel = onDemand(() => import('./BlockedPanel').then((m) => m.BlockedPanel));

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
  // A red build's failure summary keeps its room from the first render (./summaryRoom.ts).
  const summary = summaryRoom(build);
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
    <>
      {summary ? (
        <SummaryRoom style={{ height: summary }}>
          <Extra part="summary" repo={repo} build={build} />
        </SummaryRoom>
      ) : null}
      <Columns style={summary ? summaryGivenBack(summary) : undefined}>
        {nav}
        {detail}
      </Columns>
    </>
  );
}

/** Between the summary's room and the columns, as between the header and it ($4). */
const SUMMARY_GAP = 16;
const SummaryRoom = styled('div', { marginBottom: SUMMARY_GAP });

/**
 * The log's box fits the window below what is above it (console/FitToWindow.tsx), but for the
 * failure summary's room: the summary scrolls away above a log box as tall as a green build's.
 */
const summaryGivenBack = (room: string) =>
  ({ '--summary-room': `calc(${room} + ${SUMMARY_GAP}px)` }) as CSSProperties;

const Columns = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'minmax(220px, 280px) minmax(0, 1fr)',
  gap: '$4',
  alignItems: 'start',
});

const MobileColumn = styled('div', { display: 'flex', flexDirection: 'column', gap: '$3' });

function StageListRoom() {
  return <div />;
}
