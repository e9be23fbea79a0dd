import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { isDone, type Build } from '../../api/types';
import {
  buildCompareMachine,
  selectCompareError,
  selectCompareState,
  selectPrevious,
  selectReachedEnd,
  selectSearched,
} from '../../machines/buildPage/buildCompare.machine';
import {
  compareHref,
  compareSteps,
  firstChanges,
  type StepChange,
  type StepSide,
} from '../../machines/buildPage/buildDiff';
import { currentLanguage } from '../../i18n';
import { shortSha } from '../repo/activity';
import {
  Card,
  formatDuration,
  LoadFailed,
  Loading,
  Notice,
  SectionTitle,
  StatusIcon,
  statusLabel,
  UserText,
  useT,
  type TFunction,
} from '../ui';
import { Table, TableScroll } from '../ui/Table';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { durationChangeText, familyText, summaryText } from './compareText';
import { buildHref, viewHref } from './paths';
import '../../i18n/en/buildViews';
import { threeLinesAtMost } from '../ui/clamp';
import { showInvisibles } from '../../text/invisibles';

type RepoRef = { namespace: string; name: string };

/**
 * Issue 19 item 6: the build beside the previous build of its branch (`?view=compare`): the
 * commit range, and per step the status and duration then and now, new failures highlighted.
 */
export function CompareView({
  repo,
  build,
  repoLink,
}: {
  repo: RepoRef;
  build: Build;
  /** The repository's web page (untrusted: compareHref checks it). */
  repoLink?: string;
}) {
  const t = useT();
  const actor = useInspectedActorRef(buildCompareMachine, { input: { repo, build } });
  const state = useSelector(actor, selectCompareState);
  const previous = useSelector(actor, selectPrevious);
  const error = useSelector(actor, selectCompareError);
  const searched = useSelector(actor, selectSearched);
  const reachedEnd = useSelector(actor, selectReachedEnd);

  if (state === 'failed') {
    return (
      <LoadFailed
        message={error ?? t('messages.unknownError')}
        onRetry={() => actor.send({ type: 'compare.retry' })}
      />
    );
  }
  if (state === 'none') {
    return (
      <Notice role="status" data-testid="compare-none">
        {/* The family names a branch, tag or target: its invisible characters as markers. */}
        <UserText>
          {reachedEnd
            ? t('build.compare.first', { family: familyText(build, t) })
            : t('build.compare.noEarlier', { family: familyText(build, t), count: searched })}
        </UserText>
      </Notice>
    );
  }
  if (state !== 'ready' || !previous) return <Loading label={t('build.compare.finding')} />;
  return <Comparison repo={repo} build={build} previous={previous} link={repoLink} />;
}

function Comparison({
  repo,
  build,
  previous,
  link,
}: {
  repo: RepoRef;
  build: Build;
  previous: Build;
  link?: string;
}) {
  const t = useT();
  const stages = useMemo(() => compareSteps(build, previous), [build, previous]);
  const all = stages.flatMap((stage) => stage.steps);
  // Issue 28 item 6: thousands of rows would hold the page; the first ones are drawn, and said so.
  const shown = firstChanges(stages);
  const newFailures = all.filter((step) => step.newFailure).length;
  const range = compareHref(link, previous.after, build.after);
  return (
    <section aria-labelledby="compare-title" data-testid="compare-view">
      <Card css={{ marginBottom: '$4' }}>
        <SectionTitle id="compare-title" css={{ marginTop: 0 }}>
          {t('build.compare.with')}{' '}
          <Link href={viewHref(buildHref(repo, previous.number), 'compare')}>
            #{previous.number}
          </Link>
        </SectionTitle>
        <Facts>
          <span>
            <StatusIcon status={previous.status} /> #{previous.number}
            {' → '}
            <StatusIcon status={build.status} /> #{build.number}
          </span>
          <span data-testid="compare-range">
            {previous.after === build.after ? (
              t('build.compare.sameCommit')
            ) : range ? (
              <a href={range} target="_blank" rel="noopener noreferrer">
                {`${shortSha(previous.after)}...${shortSha(build.after)}`}
              </a>
            ) : (
              <UserText>{`${shortSha(previous.after)}...${shortSha(build.after)}`}</UserText>
            )}
          </span>
          <span data-testid="compare-summary">{summaryText(all, newFailures, t)}</span>
        </Facts>
      </Card>
      {shown.stages.map((stage) => (
        <StageTable key={stage.name} name={stage.name} steps={stage.steps} />
      ))}
      {shown.shown < shown.total ? (
        <Notice role="status" data-testid="compare-too-many">
          {t('build.compare.tooMany', {
            shown: shown.shown.toLocaleString(currentLanguage()),
            total: shown.total.toLocaleString(currentLanguage()),
          })}
        </Notice>
      ) : null}
    </section>
  );
}

function StageTable({ name, steps }: { name: string; steps: StepChange[] }) {
  const t = useT();
  return (
    <section
      aria-label={t('build.blocked.stage', { stage: showInvisibles(name) })}
      data-testid="compare-stage"
    >
      <SectionTitle as="h3" css={threeLinesAtMost}>
        <UserText>{name}</UserText>
      </SectionTitle>
      <TableScroll>
        <Table css={compactTable}>
          <thead>
            <tr>
              <th scope="col" style={{ width: '30%' }}>
                {t('build.compare.step')}
              </th>
              <th scope="col">{t('build.compare.before')}</th>
              <th scope="col">{t('build.compare.now')}</th>
              <th scope="col">{t('build.compare.change')}</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step, index) => (
              <StepRow key={`${step.name}-${index}`} step={step} />
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </section>
  );
}

function StepRow({ step }: { step: StepChange }) {
  const t = useT();
  return (
    <Row
      data-testid="compare-step"
      data-new-failure={step.newFailure || undefined}
      highlight={step.newFailure ? 'failure' : step.fixed ? 'fixed' : undefined}
    >
      <th scope="row">
        <StepName>
          <UserText>{step.name}</UserText>
        </StepName>
        {step.newFailure ? <Badge tone="failure">{t('build.compare.newFailure')}</Badge> : null}
        {step.fixed ? <Badge tone="fixed">{t('build.compare.fixed')}</Badge> : null}
      </th>
      <td>
        <Side side={step.before} missing={t('build.compare.notRun')} />
      </td>
      <td>
        <Side side={step.now} missing={t('build.compare.removed')} />
      </td>
      <td data-testid="compare-change">{changeText(t, step)}</td>
    </Row>
  );
}

function changeText(t: TFunction, step: StepChange): string {
  if (step.kind === 'added') return t('build.compare.added');
  if (step.kind === 'removed') return t('build.compare.removed');
  const before = step.before!.status;
  const now = step.now!.status;
  // A step still on its way has no change to tell yet.
  if (!isDone(now)) return statusLabel(now, t);
  const status = before !== now ? `${statusLabel(before, t)} → ${statusLabel(now, t)}` : '';
  const time = step.deltaSeconds !== undefined ? durationChangeText(step.deltaSeconds, t) : '';
  return [time, status].filter(Boolean).join(t('build.compare.partSeparator')) || '-';
}

function Side({ side, missing }: { side?: StepSide; missing: string }) {
  if (!side) return <Muted>{missing}</Muted>;
  return (
    <SideBox>
      <StatusIcon status={side.status} />
      <span>{side.seconds !== undefined ? formatDuration(side.seconds) : '-'}</span>
    </SideBox>
  );
}

// Four columns fit a phone: whole words wrap ('success →' over 'failure'), never letter by letter.
const compactTable = {
  tableLayout: 'fixed',
  marginBottom: '$4',
  td: { overflowWrap: 'normal', wordBreak: 'normal' },
  '@mobile': { 'th, td': { padding: '$2', fontSize: '$1' } },
} as const;

const Facts = styled('p', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2 $4',
  margin: 0,
  color: '$textMuted',
  overflowWrap: 'anywhere',
  '& > span': { display: 'inline-flex', alignItems: 'center', gap: '$1' },
});

const StepName = styled('span', threeLinesAtMost);

const Row = styled('tr', {
  'th[scope="row"]': {
    fontWeight: 400,
    fontSize: '$2',
    color: '$text',
    backgroundColor: 'transparent',
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
  },
  variants: {
    highlight: {
      failure: {
        backgroundColor: '$dangerBg',
        'th[scope="row"]': { fontWeight: 600 },
        boxShadow: 'inset 3px 0 0 $colors$danger',
      },
      fixed: { backgroundColor: '$successBg' },
    },
  },
});

const Badge = styled('span', {
  display: 'inline-block',
  marginLeft: '$2',
  padding: '0 $1',
  borderRadius: '$1',
  fontSize: '$1',
  fontWeight: 600,
  whiteSpace: 'nowrap',
  variants: {
    tone: {
      failure: { color: '$danger', border: '1px solid $danger' },
      fixed: { color: '$success', border: '1px solid $success' },
    },
  },
});

const SideBox = styled('span', { display: 'inline-flex', alignItems: 'center', gap: '$1' });
const Muted = styled('span', { color: '$textMuted' });
