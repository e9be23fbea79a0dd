import type { Build, Stage, Step } from '../../api/types';
import { shortSha } from '../repo/activity';
import { Notice, StatusBadge, StatusIcon, styled, UserText, useT } from '../ui';
import { showInvisibles } from '../../text/invisibles';
import type { BuildPageRef } from './BuildPage';
import { useSelector } from '@xstate/react';
import { selectLandOnError } from '../../machines/buildPage/buildPage.selectors';
import { StepConsole } from '../console/StepConsole';
import { Elapsed } from './Elapsed';
import { threeLinesAtMost } from '../ui/clamp';
import { Extra } from './extras';

type RepoRef = { namespace: string; name: string };

/**
 * The right side of the log view (docs/spec.md 2.9): the selected step's header (name, status,
 * duration), its runner and commit, then the console. The console shows the stage error above
 * the logs itself; a stage with no such step shows it here instead.
 */
export function StepPanel({
  pageRef,
  repo,
  build,
  stage,
  step,
}: {
  pageRef: BuildPageRef;
  repo: RepoRef;
  build: Build;
  stage: Stage;
  step: Step | undefined;
}) {
  const t = useT();
  const landOnError = useSelector(pageRef, selectLandOnError);
  const subject = step ?? stage;
  const stopped = step ? step.stopped : stage.stopped;
  return (
    <Panel aria-label={showInvisibles(step ? `Step ${step.name}` : `Stage ${stage.name}`)}>
      <PanelHeader>
        <h2>
          <UserText>{subject.name}</UserText>
        </h2>
        <StatusBadge status={subject.status} />
        <Elapsed status={subject.status} started={subject.started} stopped={stopped} />
      </PanelHeader>
      <Meta>
        {stage.machine ? (
          <div>
            <dt>{t('build.facts.runner')}</dt>
            <dd>
              <UserText>{stage.machine}</UserText>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('repo.columns.commit')}</dt>
          <dd>
            <code title={showInvisibles(build.after)}>{shortSha(build.after)}</code>
          </dd>
        </div>
      </Meta>
      {step ? (
        <InsightsRoom>
          <Extra part="step" {...{ repo, build, stage: stage.name, step: step.name }} />
        </InsightsRoom>
      ) : null}
      {step ? (
        // Following the logs moves on to the stage's next running step through the page.
        <>
          <StepConsole
            repo={repo}
            build={build}
            stage={stage}
            step={step}
            page={pageRef}
            landOnError={landOnError}
          />
          <Extra part="logDiff" repo={repo} build={build} stage={stage} step={step} />
        </>
      ) : (
        <>
          {stage.error ? (
            <Notice tone="danger" role="alert">
              <StatusIcon status="error" />
              <span>
                <UserText>{stage.error}</UserText>
              </span>
            </Notice>
          ) : null}
          <Notice>{t('build.stages.noSteps')}</Notice>
        </>
      )}
    </Panel>
  );
}

const Panel = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  minWidth: 0,
});

const PanelHeader = styled('header', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  flexWrap: 'wrap',
  h2: { margin: 0, fontSize: '$4', ...threeLinesAtMost },
  time: { color: '$textMuted' },
});

// The step's trend lines: two lines of 20 px, 4 px apart, and their 8 px margin
// (StepInsights.tsx), kept before they show and after: a step with nothing to say about
// flakiness has one line, and the log below moved up 24 px when it showed.
const InsightsRoom = styled('div', { minHeight: 52 });
const Meta = styled('dl', {
  display: 'flex',
  gap: '$5',
  flexWrap: 'wrap',
  margin: 0,
  div: { display: 'flex', gap: '$2', alignItems: 'baseline' },
  dt: { color: '$textMuted' },
  dd: { margin: 0, ...threeLinesAtMost },
  code: { fontFamily: '$mono' },
});
