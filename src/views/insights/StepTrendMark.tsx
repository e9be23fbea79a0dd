import type { Build } from '../../api/types';
import { styled, useT } from '../ui';
import { spreadText } from './spreadText';
import { Sparkline } from './Sparkline';
import { useStepInsights } from './useStepHistory';
import '../../i18n/en/insights';

/**
 * Beside a step in the stage list: its duration over the last runs of the branch, and a mark when
 * this run was slower than usual. Hidden from screen readers: the link's name stays the step's,
 * and the step's panel says the same in words (StepInsights).
 */
export function StepTrendMark({
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
  if (!insights || insights.trend.durations.length < 2) return null;
  const { trend } = insights;
  return (
    <Mark aria-hidden="true" title={spreadText(t, trend.spread)}>
      <Sparkline
        values={trend.durations}
        median={trend.spread.median}
        p95={trend.spread.p95}
        current={trend.current}
        slower={trend.slower}
        label={spreadText(t, trend.spread)}
      />
      {trend.slower ? <Slower>{t('insights.step.slowerShort')}</Slower> : null}
    </Mark>
  );
}

// At the row's end, after the step's time when it has one (a skipped step has none).
const Mark = styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2px',
  marginLeft: 'auto',
  'time + &': { marginLeft: 0 },
});
const Slower = styled('span', { color: '$danger', fontSize: '$1', whiteSpace: 'nowrap' });
