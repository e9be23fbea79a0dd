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
} from '../../machines/build/buildCompare.machine';
import {
  compareHref,
  compareSteps,
  type StepChange,
  type StepSide,
} from '../../machines/build/buildDiff';
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
  Table,
  TableScroll,
  UserText,
} from '../ui';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { durationChangeText, familyText } from './compareText';
import { buildHref, viewHref } from './paths';

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
  const actor = useInspectedActorRef(buildCompareMachine, { input: { repo, build } });
  const state = useSelector(actor, selectCompareState);
  const previous = useSelector(actor, selectPrevious);
  const error = useSelector(actor, selectCompareError);
  const searched = useSelector(actor, selectSearched);
  const reachedEnd = useSelector(actor, selectReachedEnd);

  if (state === 'failed') {
    return (
      <LoadFailed
        message={error ?? 'Unknown error'}
        onRetry={() => actor.send({ type: 'compare.retry' })}
      />
    );
  }
  if (state === 'none') {
    return (
      <Notice role="status" data-testid="compare-none">
        {reachedEnd
          ? `This is the first ${familyText(build)}: there is no earlier one to compare with.`
          : `No earlier ${familyText(build)} in the latest ${searched} builds.`}
      </Notice>
    );
  }
  if (state !== 'ready' || !previous) return <Loading label="Finding the previous build..." />;
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
  const stages = useMemo(() => compareSteps(build, previous), [build, previous]);
  const all = stages.flatMap((stage) => stage.steps);
  const newFailures = all.filter((step) => step.newFailure).length;
  const range = compareHref(link, previous.after, build.after);
  return (
    <section aria-labelledby="compare-title" data-testid="compare-view">
      <Card css={{ marginBottom: '$4' }}>
        <SectionTitle id="compare-title" css={{ marginTop: 0 }}>
          Compared with{' '}
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
              'Same commit'
            ) : range ? (
              <a href={range} target="_blank" rel="noopener noreferrer">
                {`${shortSha(previous.after)}...${shortSha(build.after)}`}
              </a>
            ) : (
              <UserText>{`${shortSha(previous.after)}...${shortSha(build.after)}`}</UserText>
            )}
          </span>
          <span data-testid="compare-summary">{summaryText(all, newFailures)}</span>
        </Facts>
      </Card>
      {stages.map((stage) => (
        <StageTable key={stage.name} name={stage.name} steps={stage.steps} />
      ))}
    </section>
  );
}

function summaryText(steps: StepChange[], newFailures: number): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const faster = steps.filter((step) => (step.deltaSeconds ?? 0) < 0).length;
  const slower = steps.filter((step) => (step.deltaSeconds ?? 0) > 0).length;
  const parts = [`${count(faster, 'step')} faster`, `${count(slower, 'step')} slower`];
  if (newFailures) parts.push(count(newFailures, 'new failure'));
  return parts.join(', ');
}

function StageTable({ name, steps }: { name: string; steps: StepChange[] }) {
  return (
    <section aria-label={`Stage ${name}`} data-testid="compare-stage">
      <SectionTitle as="h3">
        <UserText>{name}</UserText>
      </SectionTitle>
      <TableScroll>
        <Table css={compactTable}>
          <thead>
            <tr>
              <th scope="col" style={{ width: '30%' }}>
                Step
              </th>
              <th scope="col">Before</th>
              <th scope="col">Now</th>
              <th scope="col">Change</th>
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
  return (
    <Row
      data-testid="compare-step"
      data-new-failure={step.newFailure || undefined}
      highlight={step.newFailure ? 'failure' : step.fixed ? 'fixed' : undefined}
    >
      <th scope="row">
        <UserText>{step.name}</UserText>
        {step.newFailure ? <Badge tone="failure">New failure</Badge> : null}
        {step.fixed ? <Badge tone="fixed">Fixed</Badge> : null}
      </th>
      <td>
        <Side side={step.before} missing="Not run" />
      </td>
      <td>
        <Side side={step.now} missing="Removed" />
      </td>
      <td data-testid="compare-change">{changeText(step)}</td>
    </Row>
  );
}

function changeText(step: StepChange): string {
  if (step.kind === 'added') return 'Added';
  if (step.kind === 'removed') return 'Removed';
  const before = step.before!.status;
  const now = step.now!.status;
  // A step still on its way has no change to tell yet.
  if (!isDone(now)) return statusLabel(now);
  const status = before !== now ? `${statusLabel(before)} → ${statusLabel(now)}` : '';
  const time = step.deltaSeconds !== undefined ? durationChangeText(step.deltaSeconds) : '';
  return [time, status].filter(Boolean).join('; ') || '-';
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
