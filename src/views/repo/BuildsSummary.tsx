import type { Build, Repository } from '../../api/types';
import { Card, SectionTitle, StatusBadge, formatRelative, useNow, useT } from '../ui';
import { styled } from '../ui/theme';
import { BuildsChart } from './BuildsChart';
import { medianMinutesLabel } from './summary';
import '../../i18n/en/repo';

const Figures = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: '$4',
  margin: '0 0 $4',
  dt: { color: '$textMuted', fontSize: '$1', fontWeight: 600, textTransform: 'uppercase' },
  dd: { margin: '$1 0 0', fontSize: '$4', fontWeight: 600 },
  small: { fontSize: '$2', fontWeight: 400, color: '$textMuted', marginLeft: '$1' },
});

/**
 * docs/spec.md 2.6, 9: total builds, median build minutes, time since the last build, last status.
 * A filtered list (issue 19 item 3) counts the matching builds loaded instead of the total.
 */
export function BuildsSummary({
  repo,
  builds,
  filtered = false,
}: {
  repo: Repository;
  builds: Build[];
  filtered?: boolean;
}) {
  const t = useT();
  const now = useNow();
  const latest = builds[0];
  const medianMinutes = medianMinutesLabel(builds);
  return (
    <Card aria-labelledby="builds-summary-title" css={{ marginBottom: '$4' }}>
      <SectionTitle id="builds-summary-title" css={{ marginTop: 0 }}>
        {t('repo.summary.title')}
      </SectionTitle>
      <Figures>
        <div>
          <dt>{filtered ? t('repo.summary.matching') : t('repo.summary.total')}</dt>
          <dd data-testid="summary-total">{filtered ? builds.length : repo.counter}</dd>
        </div>
        <div>
          <dt>{t('repo.summary.median')}</dt>
          <dd data-testid="summary-median">
            {medianMinutes ?? '-'}
            {medianMinutes ? <small>{t('repo.summary.minutes')}</small> : null}
          </dd>
        </div>
        <div>
          <dt>{t('repo.summary.lastBuild')}</dt>
          <dd data-testid="summary-last-build">
            {latest ? formatRelative(latest.created, now) : '-'}
          </dd>
        </div>
        <div>
          <dt>{t('repo.summary.lastStatus')}</dt>
          <dd data-testid="summary-last-status">
            {latest ? <StatusBadge status={latest.status} /> : '-'}
          </dd>
        </div>
      </Figures>
      <BuildsChart repo={repo} builds={builds} nowMs={now} />
    </Card>
  );
}
