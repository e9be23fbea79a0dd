import { Link } from 'wouter';
import type { Build, Repository, Status } from '../../api/types';
import { buildHref } from '../buildPage/paths';
import { formatDuration, iconOf, statusLabel, useT, type TFunction } from '../ui';
import { styled } from '../ui/theme';
import { chartLayout, type ChartBar } from './chart';
import '../../i18n/en/repo';

// Width of the y-axis labels, and the width the bars share before they scroll.
const AXIS_WIDTH = 44;
const CHART_WIDTH = 900;
const PADDING_TOP = 8;

const Frame = styled('div', { display: 'flex', alignItems: 'flex-start' });

// Right-to-left scrolling starts the view at its right end, so the newest builds are the ones in
// sight when the chart is wider than the screen.
const Scroller = styled('div', {
  overflowX: 'auto',
  flex: '0 1 auto',
  minWidth: 0,
  paddingBottom: '$1',
  direction: 'rtl',
  svg: { direction: 'ltr' },
});

const Bar = styled('rect', {
  transition: 'opacity 0.15s',
  'a:hover > &, a:focus-visible > &': { opacity: 0.7 },
  variants: {
    tone: {
      tick: { fill: '$success' },
      cross: { fill: '$danger' },
      spinner: { fill: '$running' },
      dash: { fill: '$textMuted' },
    },
  },
});

const AxisText = styled('text', { fill: '$textMuted', fontSize: '11px' });
const AxisLine = styled('line', { stroke: '$border', strokeWidth: 1 });

const barLabel = (t: TFunction, bar: ChartBar) =>
  t('repo.chart.bar', {
    number: bar.number,
    status: statusLabel(bar.status, t),
    duration: formatDuration(bar.seconds),
  });

/** docs/spec.md 2.6, 9: a bar per build (up to 50), height by duration, colour by status. */
export function BuildsChart({
  repo,
  builds,
  nowMs,
}: {
  repo: Repository;
  builds: Build[];
  nowMs: number;
}) {
  const t = useT();
  const layout = chartLayout(builds, Math.floor(nowMs / 1000), CHART_WIDTH);
  const height = layout.height + PADDING_TOP + 4;
  const baseline = PADDING_TOP + layout.height;
  const half = layout.axisMaxMinutes / 2;
  // The bars leave a little room on the right for the last one's outline.
  const width = layout.width + 4;
  return (
    <Frame
      role="group"
      aria-label={t('repo.chart.label', {
        count: layout.bars.length,
        minutes: layout.axisMaxMinutes,
      })}
      data-testid="builds-chart"
    >
      {/* The axis stays put while the bars scroll beside it. */}
      <svg width={AXIS_WIDTH} height={height} aria-hidden="true" style={{ flexShrink: 0 }}>
        <AxisText x={AXIS_WIDTH - 8} y={PADDING_TOP + 4} textAnchor="end">
          {t('repo.chart.axis', { minutes: layout.axisMaxMinutes })}
        </AxisText>
        <AxisText x={AXIS_WIDTH - 8} y={PADDING_TOP + layout.height / 2 + 4} textAnchor="end">
          {t('repo.chart.axis', { minutes: Number.isInteger(half) ? half : half.toFixed(1) })}
        </AxisText>
        <AxisText x={AXIS_WIDTH - 8} y={baseline} textAnchor="end">
          0
        </AxisText>
      </svg>
      <Scroller>
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
          <AxisLine x1={0} x2={width} y1={PADDING_TOP} y2={PADDING_TOP} strokeDasharray="2 4" />
          <AxisLine x1={0} x2={width} y1={baseline} y2={baseline} />
          {layout.bars.map((bar) => (
            <Link
              key={bar.number}
              href={buildHref(repo, bar.number)}
              aria-label={barLabel(t, bar)}
              data-testid="chart-bar"
            >
              <title>{barLabel(t, bar)}</title>
              <Bar
                tone={iconOf(bar.status as Status)}
                x={bar.x}
                y={PADDING_TOP + bar.y}
                width={bar.width}
                height={bar.height}
                rx={2}
              />
            </Link>
          ))}
        </svg>
      </Scroller>
    </Frame>
  );
}
