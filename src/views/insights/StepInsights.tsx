import type { Build } from '../../api/types';
import { formatDuration, styled, useT } from '../ui';
import { AttemptLinks } from './AttemptLinks';
import { spreadText } from './spreadText';
import { Sparkline } from './Sparkline';
import { useStepInsights } from './useStepHistory';
import '../../i18n/en/insights';

/**
 * The selected step's panel (issue 31 parts 1-2): its duration against the branch's last runs,
 * "slower than usual" above their p95, and whether it is flaky, with links to the attempts. With
 * too little history it says so, never that the step is stable.
 */
export function StepInsights({
  repo,
  build,
  stage,
  step,
}: {
  repo: { namespace: string; name: string };
  build: Build;
  stage: string;
  step: string;
}) {
  const t = useT();
  const insights = useStepInsights(repo, build, stage, step);
  if (!insights) return null;
  const { trend, flaky } = insights;
  return (
    <Lines aria-label={t('insights.step.label')} data-testid="step-insights">
      {/* Each line scrolls sideways where it is too long (Lines): the keyboard reaches it too. */}
      <div tabIndex={0}>
        {trend.durations.length > 1 ? (
          <Sparkline
            values={trend.durations}
            median={trend.spread.median}
            p95={trend.spread.p95}
            current={trend.current}
            slower={trend.slower}
            label={spreadText(t, trend.spread)}
          />
        ) : null}
        <span>{spreadText(t, trend.spread)}</span>
        {trend.slower && trend.current !== null ? (
          <Slower>
            {t('insights.step.slower', {
              duration: formatDuration(trend.current),
              p95: formatDuration(trend.spread.p95 ?? 0),
            })}
          </Slower>
        ) : null}
      </div>
      <div tabIndex={0}>
        {flaky.kind === 'flaky' ? (
          <>
            <Flaky>
              {t('insights.step.flaky', { failed: flaky.failed, passed: flaky.passedOnRetry })}
            </Flaky>
            <AttemptLinks repo={repo} attempts={flaky.attempts} current={build.number} />
          </>
        ) : flaky.kind === 'tooLittleData' ? (
          <span>{t('insights.step.flakyTooLittleData', { count: flaky.runs })}</span>
        ) : null}
      </div>
    </Lines>
  );
}

const Lines = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  margin: '0 0 $2',
  fontSize: '$1',
  color: '$textMuted',
  // Each line stays one line, as tall with a sparkline as without, and scrolls sideways where the
  // window is too narrow for it: the lines fill the room the build page keeps for them
  // (StepPanel.tsx), so the log below does not move down when they arrive (issue 32; a flaky
  // step's line wrapped at 1,024 px and moved it 24 px).
  '& > div': {
    display: 'flex',
    alignItems: 'center',
    gap: '$2',
    minHeight: 20,
    overflowX: 'auto',
    scrollbarWidth: 'none',
  },
  '& > div > *': { flexShrink: 0, whiteSpace: 'nowrap' },
  '& > div:empty': { display: 'none' },
});
const Slower = styled('strong', { color: '$danger' });
const Flaky = styled('strong', { color: '$warning' });
