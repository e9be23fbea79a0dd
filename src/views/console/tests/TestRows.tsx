import '../../../i18n/en/tests';
import { useSelector } from '@xstate/react';
import type { TestReport } from '../../../logs/tests/report';
import { rowAt, type TestRow } from '../../../logs/tests/reportView';
import { styled, UserText, useT } from '../../ui';
import { selectAlreadyFailing } from './selectors';
import type { TestsRef } from './TestsPanel';

// The cases shown: failures first, each with its message, stack and a link to its log line, and
// whether it is new since the previous build; then the others, one line each.

const SEPARATOR = ' › ';

const fullName = (row: TestRow) => (row.suite ? `${row.suite}${SEPARATOR}${row.name}` : row.name);

export function TestRows({
  actorRef,
  report,
  indexes,
  failed,
}: {
  actorRef: TestsRef;
  report: TestReport;
  indexes: readonly number[];
  failed: number;
}) {
  const t = useT();
  const flags = useSelector(actorRef, selectAlreadyFailing);
  const failures = indexes.filter((k) => k < failed).map((k) => rowAt(report, k));
  const others = indexes.filter((k) => k >= failed).map((k) => rowAt(report, k));
  return (
    <>
      {failures.length > 0 ? (
        <>
          <Heading>{t('build.tests.failures')}</Heading>
          <List data-testid="tests-failures">
            {failures.map((row) => (
              <Failure key={row.index}>
                <Head>
                  {flags ? (
                    <Badge tone={flags[row.index] ? 'old' : 'new'}>
                      {flags[row.index] ? t('build.tests.alreadyFailing') : t('build.tests.new')}
                    </Badge>
                  ) : null}
                  <Name>
                    <UserText>{fullName(row)}</UserText>
                  </Name>
                  <LineLink row={row} />
                </Head>
                {row.detail?.message ? (
                  <Text>
                    <UserText>{row.detail.message}</UserText>
                  </Text>
                ) : null}
                {row.detail?.stack ? (
                  <details>
                    <summary>{t('build.tests.stack')}</summary>
                    <Text>
                      <UserText>{row.detail.stack}</UserText>
                    </Text>
                  </details>
                ) : null}
              </Failure>
            ))}
          </List>
        </>
      ) : null}
      {others.length > 0 ? (
        <>
          <Heading>{t('build.tests.others')}</Heading>
          <List data-testid="tests-others">
            {others.map((row) => (
              <Other key={row.index}>
                <Outcome tone={row.outcome}>{t(`build.tests.outcome.${row.outcome}`)}</Outcome>
                <Name>
                  <UserText>{fullName(row)}</UserText>
                </Name>
                <LineLink row={row} />
              </Other>
            ))}
          </List>
        </>
      ) : null}
    </>
  );
}

function LineLink({ row }: { row: TestRow }) {
  const t = useT();
  return <Line href={`#L${row.line}`}>{t('build.tests.line', { line: row.line })}</Line>;
}

const Heading = styled('h4', { margin: '$2 0 0', fontSize: '$2', color: '$logMuted' });
const List = styled('ol', { listStyle: 'none', margin: 0, padding: 0 });
const Failure = styled('li', {
  padding: '$2 0',
  borderTop: '1px solid #30363d',
  details: { marginTop: '$1' },
  summary: { cursor: 'pointer', color: '$logMuted' },
});
const Head = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: '$2',
});
const Name = styled('span', { fontFamily: '$mono', overflowWrap: 'anywhere', minWidth: 0 });
const Line = styled('a', { marginLeft: 'auto', whiteSpace: 'nowrap', fontSize: '$1' });
const Text = styled('pre', {
  margin: '$1 0 0',
  padding: '$2',
  borderRadius: '$2',
  backgroundColor: 'rgba(110, 118, 129, 0.15)',
  fontFamily: '$mono',
  fontSize: '$1',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: '20rem',
  overflow: 'auto',
});
const Badge = styled('span', {
  padding: '0 $2',
  borderRadius: '$2',
  fontSize: '$1',
  fontWeight: 600,
  variants: {
    tone: {
      new: { color: '#ffa198', backgroundColor: 'rgba(248, 81, 73, 0.15)' },
      old: { color: '#e3b341', backgroundColor: 'rgba(187, 128, 9, 0.15)' },
    },
  },
});
const Other = styled('li', {
  display: 'flex',
  alignItems: 'baseline',
  gap: '$2',
  padding: '$1 0',
  borderTop: '1px solid #30363d',
});
const Outcome = styled('span', {
  minWidth: '4.5rem',
  fontSize: '$1',
  variants: {
    tone: {
      passed: { color: '#3fb950' },
      skipped: { color: '$logMuted' },
      failed: { color: '#ff7b72' },
    },
  },
});
