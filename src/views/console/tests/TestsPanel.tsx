import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import '../../../i18n/en/tests';
import {
  testResultsMachine,
  type TestResultsInput,
} from '../../../machines/console/testResults.machine';
import { countsOf, failedCount, searchCases } from '../../../logs/tests/reportView';
import { Button, Notice, styled, UserText, useT } from '../../ui';
import { useInspectedActorRef } from '../../useInspectedActorRef';
import {
  selectCard,
  selectCardError,
  selectComparison,
  selectError,
  selectLimit,
  selectLogState,
  selectPreviousBuild,
  selectQuery,
  selectReport,
} from './selectors';
import { CardReports } from './CardReports';
import { ComparisonNote } from './ComparisonNote';
import { TestRows } from './TestRows';

// Issue 30 item 4: a step's test results, read from its log once the console has it (and from a
// drone-junit style card): counts, failures first with their message, stack and line, then the
// rest, searchable. Loaded on demand after the log (views/console/StepConsole.tsx).

export type TestsRef = ActorRefFrom<typeof testResultsMachine>;

export function TestsPanel(props: TestResultsInput) {
  const actorRef = useInspectedActorRef(testResultsMachine, { input: props });
  return <TestsView actorRef={actorRef} />;
}

export function TestsView({ actorRef }: { actorRef: TestsRef }) {
  const t = useT();
  const state = useSelector(actorRef, selectLogState);
  const report = useSelector(actorRef, selectReport);
  const error = useSelector(actorRef, selectError);
  const card = useSelector(actorRef, selectCard);
  const cardError = useSelector(actorRef, selectCardError);
  const query = useSelector(actorRef, selectQuery);
  const limit = useSelector(actorRef, selectLimit);
  const comparison = useSelector(actorRef, selectComparison);
  const previousBuild = useSelector(actorRef, selectPreviousBuild);
  const found = useMemo(
    () => (report ? searchCases(report, query, limit) : { indexes: [], total: 0 }),
    [report, query, limit],
  );
  const counts = report ? countsOf(report) : null;
  const total = counts ? counts.passed + counts.failed + counts.skipped : 0;

  if (state === 'failed' && error) {
    return (
      <Panel aria-label={t('build.tests.title')}>
        <Notice tone="danger" role="alert">
          <UserText>
            {t('build.tests.readFailed', { message: t(error.key, error.values) })}
          </UserText>
          <Button size="small" onClick={() => actorRef.send({ type: 'tests.retry' })}>
            {t('common.retry')}
          </Button>
        </Notice>
      </Panel>
    );
  }
  if (total === 0 && !card && !cardError) return null;

  return (
    <Panel aria-label={t('build.tests.title')} data-testid="tests-panel">
      <Header>
        <h3>{t('build.tests.title')}</h3>
        {counts && total > 0 ? (
          <Counts data-testid="tests-counts">
            <Count tone="failed">{t('build.tests.failedCount', { count: counts.failed })}</Count>
            <Count tone="passed">{t('build.tests.passedCount', { count: counts.passed })}</Count>
            <Count tone="skipped">{t('build.tests.skippedCount', { count: counts.skipped })}</Count>
          </Counts>
        ) : null}
        {report && found.total + (query ? 1 : 0) > 0 ? (
          <Search
            type="search"
            aria-label={t('build.tests.search')}
            placeholder={t('build.tests.search')}
            value={query}
            onChange={(event) => actorRef.send({ type: 'tests.search', query: event.target.value })}
          />
        ) : null}
      </Header>
      {report && counts && counts.failed > 0 ? (
        <ComparisonNote state={state} comparison={comparison} previousBuild={previousBuild} />
      ) : null}
      {report ? (
        <TestRows
          actorRef={actorRef}
          report={report}
          indexes={found.indexes}
          failed={failedCount(report)}
        />
      ) : null}
      {report && query && found.total === 0 ? (
        <Muted>
          <UserText>{t('build.tests.noMatch', { query })}</UserText>
        </Muted>
      ) : null}
      {found.total > found.indexes.length ? (
        <More>
          <span>{t('build.tests.shown', { shown: found.indexes.length, total: found.total })}</span>
          <Button size="small" onClick={() => actorRef.send({ type: 'tests.showMore' })}>
            {t('build.tests.showMore')}
          </Button>
        </More>
      ) : null}
      {card || cardError ? <CardReports reports={card} error={cardError} /> : null}
    </Panel>
  );
}

const Panel = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  padding: '$3',
  // Inside the console's frame, in its dark colours (the log theme).
  borderTop: '1px solid #30363d',
  color: '$logText',
  minWidth: 0,
  a: { color: '#58a6ff' },
});

const Header = styled('header', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  h3: { margin: 0, fontSize: '$3' },
});

const Counts = styled('p', { display: 'flex', flexWrap: 'wrap', gap: '$3', margin: 0 });
const Count = styled('span', {
  fontWeight: 600,
  variants: {
    tone: {
      failed: { color: '#ff7b72' },
      passed: { color: '#3fb950' },
      skipped: { color: '$logMuted' },
    },
  },
});

const Search = styled('input', {
  marginLeft: 'auto',
  minWidth: '12rem',
  padding: '$1 $2',
  border: '1px solid #30363d',
  borderRadius: '$2',
  backgroundColor: '#010409',
  color: '$logText',
  font: 'inherit',
});

export const Muted = styled('p', { margin: 0, color: '$logMuted' });

const More = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  color: '$logMuted',
});
