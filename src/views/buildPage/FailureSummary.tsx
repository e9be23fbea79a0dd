import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import type { Build } from '../../api/types';
import '../../i18n/en/triage';
import { exitHintOf } from '../../machines/buildPage/failureSummary';
import {
  failureSummaryMachine,
  type SummaryStep,
} from '../../machines/buildPage/failureSummary.machine';
import { Loading, StatusIcon, styled, UserText, useT } from '../ui';
import { CopyButton } from '../ui/CopyButton';
import { elapsedSeconds, formatDuration } from '../ui/time';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { failureMarkdown } from './failureMarkdown';
import { buildHref } from './paths';

type RepoRef = { namespace: string; name: string };
type SummarySnapshot = SnapshotFrom<typeof failureSummaryMachine>;

const selectIsShown = (snapshot: SummarySnapshot) => !snapshot.matches('green');
const selectIsReading = (snapshot: SummarySnapshot) => snapshot.matches('reading');
const selectSteps = (snapshot: SummarySnapshot) => snapshot.context.steps;

/**
 * Issue 30 item 2: at the top of a red build, why it failed: the pipeline's or a stage's error,
 * each failed step with its exit code (and what a well-known one means), duration and first error
 * lines (each a link to its line), and "Copy as Markdown". Loaded after the first lines.
 */
export interface FailureSummaryProps {
  repo: RepoRef;
  build: Build;
}

export function FailureSummary({ repo, build }: FailureSummaryProps) {
  const t = useT();
  const summary = useInspectedActorRef(failureSummaryMachine, { input: { repo, build } });
  useEffect(() => {
    summary.send({ type: 'summary.build', build });
  }, [summary, build]);
  const shown = useSelector(summary, selectIsShown);
  const reading = useSelector(summary, selectIsReading);
  const steps = useSelector(summary, selectSteps);
  if (!shown) return null;
  const slug = `${repo.namespace}/${repo.name}`;
  const markdown = () =>
    failureMarkdown(t, {
      slug,
      url: new URL(buildHref(repo, build.number), window.location.href).href,
      build,
      steps,
    });
  const stageErrors = (build.stages ?? []).filter((stage) => stage.error);
  return (
    <Summary aria-labelledby="failure-summary-title" data-testid="failure-summary">
      <Header>
        <h2 id="failure-summary-title">{t('build.triage.summary.title')}</h2>
        {reading ? null : (
          <CopyButton
            text={markdown()}
            label={t('build.triage.summary.copy')}
            copiedLabel={t('build.triage.summary.copied')}
          />
        )}
      </Header>
      {build.error ? (
        <Banner role="alert" data-testid="build-error">
          <strong>{t('build.triage.summary.buildError')}</strong>
          <pre>
            <UserText>{build.error}</UserText>
          </pre>
        </Banner>
      ) : null}
      {stageErrors.map((stage) => (
        <Banner role="alert" key={stage.number} data-testid="stage-error">
          <strong>{t('build.triage.summary.stageError', { stage: stage.name })}</strong>
          <pre>
            <UserText>{stage.error!}</UserText>
          </pre>
        </Banner>
      ))}
      {reading ? <Loading label={t('build.triage.summary.reading')} /> : null}
      {steps.length > 0 ? (
        <Steps>
          {steps.map((failed) => (
            <FailedStepItem
              key={`${failed.stage.number}/${failed.step.number}`}
              repo={repo}
              build={build.number}
              failed={failed}
              reading={reading}
            />
          ))}
        </Steps>
      ) : reading || build.error || stageErrors.length > 0 ? null : (
        <NoSteps>{t('build.triage.summary.noSteps', { status: build.status })}</NoSteps>
      )}
    </Summary>
  );
}

function FailedStepItem({
  repo,
  build,
  failed,
  reading,
}: {
  repo: RepoRef;
  build: number;
  failed: SummaryStep;
  reading: boolean;
}) {
  const t = useT();
  const [location] = useLocation();
  const { stage, step, digest, failure } = failed;
  const path = buildHref(repo, build, stage.number, step.number);
  // On this step a plain link: the browser only moves to the line (hashchange). Another step's
  // opens in the page, which reads the hash as it starts that step's console.
  const LineLink = location === path ? 'a' : Link;
  const hint = exitHintOf(step.exit_code);
  return (
    <li data-testid="failed-step">
      <StepLine>
        <StatusIcon status={step.status} />
        <Link href={path}>
          <UserText>
            {t('build.triage.summary.step', { stage: stage.name, step: step.name })}
          </UserText>
        </Link>
        {step.status === 'failure' || step.exit_code !== 0 ? (
          <Fact>{t('build.triage.summary.exitCode', { code: step.exit_code })}</Fact>
        ) : null}
        <Fact>{formatDuration(elapsedSeconds(step.started, step.stopped, Date.now()))}</Fact>
        {hint ? <Hint data-testid="exit-hint">{t(`build.triage.hint.${hint}`)}</Hint> : null}
      </StepLine>
      {step.error ? (
        <Detail>
          <UserText>{step.error}</UserText>
        </Detail>
      ) : null}
      {failure ? (
        <Detail role="alert">
          <UserText>
            {t('build.triage.summary.logFailed', { message: t(failure.key, failure.values) })}
          </UserText>
        </Detail>
      ) : null}
      {digest && digest.dropped > 0 ? (
        <Detail data-testid="summary-truncated">
          {t('build.triage.summary.truncated', { count: digest.dropped })}
        </Detail>
      ) : null}
      {digest && digest.errorLines.length > 0 ? (
        <ErrorLines>
          {digest.errorLines.map((line) => (
            <li key={line.index}>
              <LineLink href={`${path}#L${line.number}`}>
                <LineNumber>{t('build.triage.line', { line: line.number })}</LineNumber>
                <code>
                  <UserText>{line.text}</UserText>
                </code>
              </LineLink>
            </li>
          ))}
        </ErrorLines>
      ) : digest && !reading && step.status === 'failure' ? (
        <Detail>{t('build.triage.summary.noErrorLines')}</Detail>
      ) : null}
    </li>
  );
}

// As tall as the room the log view keeps for it (./summaryRoom.ts), scrolling within.
const Summary = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  boxSizing: 'border-box',
  overflowY: 'auto',
  '& > *': { flexShrink: 0 },
  gap: '$2',
  padding: '$3',
  border: '1px solid $danger',
  borderRadius: '$2',
  minWidth: 0,
});
const Header = styled('header', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  h2: { margin: 0, fontSize: '$3' },
});
const Banner = styled('div', {
  padding: '$2 $3',
  borderRadius: '$2',
  backgroundColor: 'rgba(248, 81, 73, 0.1)',
  pre: { margin: '$1 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: '$mono' },
});
const Steps = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
});
const StepLine = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  // A stage or step name of one long word (hostile data) wraps within the summary.
  a: { fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' },
});
// One line, as summaryRoom.ts counts it.
const NoSteps = styled('p', { margin: 0 });
const Fact = styled('span', { color: '$textMuted' });
const Hint = styled('span', { color: '$danger' });
const Detail = styled('p', { margin: '$1 0 0', color: '$textMuted', overflowWrap: 'anywhere' });
const ErrorLines = styled('ul', {
  listStyle: 'none',
  margin: '$1 0 0',
  padding: 0,
  a: { display: 'flex', gap: '$2', color: 'inherit', textDecoration: 'none', minWidth: 0 },
  'a:hover code': { textDecoration: 'underline' },
  code: { fontFamily: '$mono', overflowWrap: 'anywhere' },
});
const LineNumber = styled('span', { color: '$textMuted', whiteSpace: 'nowrap' });
