import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { StepRef } from '../../api/logs';
import type { DiffHunk, DiffRow, LogDiff } from '../../logs/logDiff';
import { MAX_SHOWN_ROWS } from '../../logs/logDiff';
import { selectBaseline, selectCurrent } from '../../machines/logDiff/logDiff.machine';
import { showInvisibles } from '../../text/invisibles';
import { buildHref } from '../buildPage/paths';
import { Notice, styled, useT } from '../ui';
import type { LogDiffRef } from './StepLogDiff';
import '../../i18n/en/logDiff';

const stepHref = (ref: StepRef, line: number) =>
  `${buildHref(ref, ref.build, ref.stage, ref.step)}#L${line}`;

const SIGNS = { same: ' ', added: '+', removed: '-' } as const;

/** The comparison: what changed, the first new error line, and the hunks with their context. */
export function DiffView({ actorRef, diff }: { actorRef: LogDiffRef; diff: LogDiff }) {
  const t = useT();
  const baseline = useSelector(actorRef, selectBaseline)!;
  const current = useSelector(actorRef, selectCurrent);
  if (diff.tooDifferent) return <Notice>{t('build.logDiff.tooDifferent')}</Notice>;
  if (diff.added + diff.removed === 0) {
    return <Notice>{t('build.logDiff.same', { number: baseline.build })}</Notice>;
  }
  return (
    <>
      <Summary data-testid="log-diff-summary">
        {t('build.logDiff.summary', {
          added: diff.added,
          removed: diff.removed,
          number: baseline.build,
        })}
      </Summary>
      {diff.firstNewError ? (
        <FirstError role="note">
          <span>{t('build.logDiff.firstError')}</span>
          {/* The failed step is this page's: its own URL with the line, as the console links. */}
          <a href={stepHref(current, diff.firstNewError.line)}>
            {t('build.logDiff.line', { line: diff.firstNewError.line })}
          </a>
          <code>{showInvisibles(diff.firstNewError.text)}</code>
        </FirstError>
      ) : null}
      {diff.truncated ? (
        <Summary>{t('build.logDiff.truncated', { count: MAX_SHOWN_ROWS })}</Summary>
      ) : null}
      <Rows role="table" aria-label={t('build.logDiff.title')}>
        {diff.hunks.map((hunk, index) => (
          <Hunk
            key={index}
            hunk={hunk}
            baseline={baseline}
            current={current}
            firstError={diff.firstNewError?.line}
          />
        ))}
        {diff.skippedAfter > 0 ? <Skipped count={diff.skippedAfter} /> : null}
      </Rows>
    </>
  );
}

function Hunk({
  hunk,
  baseline,
  current,
  firstError,
}: {
  hunk: DiffHunk;
  baseline: StepRef;
  current: StepRef;
  firstError?: number;
}) {
  return (
    <>
      {hunk.skipped > 0 ? <Skipped count={hunk.skipped} /> : null}
      {hunk.rows.map((row) => (
        <Row
          key={`${row.before ?? ''}:${row.after ?? ''}`}
          row={row}
          baseline={baseline}
          current={current}
          first={row.kind === 'added' && row.after === firstError}
        />
      ))}
    </>
  );
}

function Row({
  row,
  baseline,
  current,
  first,
}: {
  row: DiffRow;
  baseline: StepRef;
  current: StepRef;
  first: boolean;
}) {
  const t = useT();
  return (
    <Line role="row" kind={row.kind} data-kind={row.kind} data-first-error={first || undefined}>
      <span role="cell">
        {row.before ? (
          // Another build's step: the app's own navigation, which opens it at the line.
          <Link
            href={stepHref(baseline, row.before)}
            aria-label={t('build.logDiff.lineOf', { line: row.before, number: baseline.build })}
          >
            {row.before}
          </Link>
        ) : null}
      </span>
      <span role="cell">
        {row.after ? (
          <a
            href={stepHref(current, row.after)}
            aria-label={t('build.logDiff.lineOf', { line: row.after, number: current.build })}
          >
            {row.after}
          </a>
        ) : null}
      </span>
      <span role="cell" aria-hidden="true">
        {SIGNS[row.kind]}
      </span>
      <span role="cell">{showInvisibles(row.text)}</span>
    </Line>
  );
}

function Skipped({ count }: { count: number }) {
  const t = useT();
  return (
    <Gap role="row">
      <span role="cell">{t('build.logDiff.unchanged', { count })}</span>
    </Gap>
  );
}

const Summary = styled('p', { margin: 0, color: '$textMuted' });

const FirstError = styled('p', {
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
  alignItems: 'baseline',
  color: '$danger',
  code: { fontFamily: '$mono', overflowWrap: 'anywhere' },
});

const Rows = styled('div', {
  fontFamily: '$mono',
  fontSize: '$1',
  lineHeight: 1.5,
  backgroundColor: '$logBg',
  color: '$logText',
  borderRadius: '$2',
  padding: '$2 0',
  overflowX: 'auto',
});

const Line = styled('div', {
  display: 'grid',
  gridTemplateColumns: '6ch 6ch 2ch minmax(0, 1fr)',
  paddingRight: '$3',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  'span:nth-child(-n+2)': { textAlign: 'right', paddingRight: '$2', color: '$logMuted' },
  a: { color: 'inherit' },
  variants: {
    kind: {
      same: {},
      added: { backgroundColor: 'rgba(46, 160, 67, 0.18)' },
      removed: { backgroundColor: 'rgba(248, 81, 73, 0.18)' },
    },
  },
  '&[data-first-error]': { boxShadow: 'inset 3px 0 0 #f85149' },
});

const Gap = styled('div', {
  padding: '$1 $3',
  color: '$logMuted',
  fontStyle: 'italic',
  borderTop: '1px dashed #30363d',
  borderBottom: '1px dashed #30363d',
  '&:first-child': { borderTop: 'none' },
});
