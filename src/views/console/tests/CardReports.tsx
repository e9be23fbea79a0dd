import '../../../i18n/en/tests';
import type { Message } from '../../../i18n/message';
import type { CardReport } from '../../../logs/tests/cardTests';
import { Notice, styled, UserText, useT } from '../../ui';

// The counts a drone-junit style card on the step reports, per report file.

export function CardReports({
  reports,
  error,
}: {
  reports: readonly CardReport[] | null;
  error: Message | null;
}) {
  const t = useT();
  if (error) {
    return (
      <Notice tone="danger" role="alert">
        <UserText>{t('build.tests.cardFailed', { message: t(error.key, error.values) })}</UserText>
      </Notice>
    );
  }
  return (
    <>
      <Heading>{t('build.tests.fromCard')}</Heading>
      <List data-testid="tests-card">
        {reports?.map((report, k) => (
          <li key={k}>
            <Name>
              <UserText>{report.name}</UserText>
            </Name>
            <span>
              {t('build.tests.cardCounts', {
                passed: report.passed,
                failed: report.failed,
                skipped: report.skipped,
              })}
            </span>
            {report.time ? (
              <Time>
                <UserText>{report.time}</UserText>
              </Time>
            ) : null}
          </li>
        ))}
      </List>
    </>
  );
}

const Heading = styled('h4', { margin: '$2 0 0', fontSize: '$2', color: '$logMuted' });
const List = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  li: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '$3',
    padding: '$1 0',
    borderTop: '1px solid #30363d',
  },
});
const Name = styled('span', { fontFamily: '$mono', overflowWrap: 'anywhere' });
const Time = styled('span', { color: '$logMuted' });
