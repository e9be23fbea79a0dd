import { Link } from 'wouter';
import type { Attempt } from '../../machines/insights/stats';
import { buildHref } from '../buildPage/paths';
import { StatusIcon, statusLabel, styled, useT } from '../ui';
import '../../i18n/en/insights';

/** Links to each attempt of a flaky step or a restarted build: '#12 ✗ #13 ✓'. */
export function AttemptLinks({
  repo,
  attempts,
  current,
}: {
  repo: { namespace: string; name: string };
  attempts: readonly Attempt[];
  current?: number;
}) {
  const t = useT();
  return (
    <Links>
      {attempts.map((attempt) => (
        <Link
          key={attempt.build}
          href={buildHref(repo, attempt.build)}
          aria-current={attempt.build === current ? 'page' : undefined}
          aria-label={t('insights.attempt.link', {
            number: attempt.build,
            status: statusLabel(attempt.status, t),
          })}
        >
          <StatusIcon status={attempt.status} />#{attempt.build}
        </Link>
      ))}
    </Links>
  );
}

const Links = styled('span', {
  display: 'inline-flex',
  flexWrap: 'wrap',
  gap: '$2',
  fontSize: '$1',
  a: { display: 'inline-flex', alignItems: 'center', gap: '2px' },
  'a[aria-current]': { fontWeight: 600 },
});
