import type { Build } from '../../api/types';
import { styled, useT } from '../ui';
import { AttemptLinks } from './AttemptLinks';
import { useAttempts } from './useStepHistory';
import '../../i18n/en/insights';

/** The build header's "attempt 2 of 3" (issue 31 part 2), through the `parent` chain of restarts. */
export function AttemptNav({
  repo,
  build,
}: {
  repo: { namespace: string; name: string };
  build: Build;
}) {
  const t = useT();
  const chain = useAttempts(repo, build);
  if (!chain || chain.attempts.length < 2) return null;
  return (
    <Nav aria-label={t('insights.attempt.label')} data-testid="attempts">
      <span>{t('insights.attempt.of', { index: chain.index, count: chain.attempts.length })}</span>
      <AttemptLinks repo={repo} attempts={chain.attempts} current={build.number} />
    </Nav>
  );
}

const Nav = styled('nav', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  fontSize: '$1',
  color: '$textMuted',
});
