import { Link } from 'wouter';
import type { Build, Repository, Status } from '../../api/types';
import { formatDuration, iconOf, statusLabel } from '../ui';
import { styled } from '../ui/theme';
import { chartLayout, type ChartBar } from './chart';

// Room for the y-axis labels on the left, and the width the bars share before they scroll.
const AXIS_WIDTH = 44;
const CHART_WIDTH = 900;
const PADDING_TOP = 8;

const Scroller = styled('div', { overflowX: 'auto', paddingBottom: '$1' });

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

const barLabel = (bar: ChartBar) =>
  `Build #${bar.number}, ${statusLabel(bar.status)}, ${formatDuration(bar.seconds)}`;

/** SPEC 2.6, 9: a bar per build (up to 50), height by duration, colour by status. */
export function BuildsChart({
  repo,
  builds,
  nowMs,
}: {
  repo: Repository;
  builds: Build[];
  nowMs: number;
}) {
  const layout = chartLayout(builds, Math.floor(nowMs / 1000), CHART_WIDTH);
  const width = AXIS_WIDTH + layout.width;
  const height = layout.height + PADDING_TOP + 4;
  const baseline = PADDING_TOP + layout.height;
  const half = layout.axisMaxMinutes / 2;
  return (
    <Scroller>
      <svg
        role="group"
        aria-label={`Duration of the last ${layout.bars.length} builds, up to ${layout.axisMaxMinutes} minutes`}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        data-testid="builds-chart"
      >
        <AxisText x={AXIS_WIDTH - 8} y={PADDING_TOP + 4} textAnchor="end">
          {`${layout.axisMaxMinutes}m`}
        </AxisText>
        <AxisText x={AXIS_WIDTH - 8} y={PADDING_TOP + layout.height / 2 + 4} textAnchor="end">
          {Number.isInteger(half) ? `${half}m` : `${half.toFixed(1)}m`}
        </AxisText>
        <AxisText x={AXIS_WIDTH - 8} y={baseline} textAnchor="end">
          0
        </AxisText>
        <AxisLine
          x1={AXIS_WIDTH - 4}
          x2={width}
          y1={PADDING_TOP}
          y2={PADDING_TOP}
          strokeDasharray="2 4"
        />
        <AxisLine x1={AXIS_WIDTH - 4} x2={width} y1={baseline} y2={baseline} />
        {layout.bars.map((bar) => (
          <Link
            key={bar.number}
            href={`/${repo.namespace}/${repo.name}/${bar.number}`}
            aria-label={barLabel(bar)}
            data-testid="chart-bar"
          >
            <title>{barLabel(bar)}</title>
            <Bar
              tone={iconOf(bar.status as Status)}
              x={AXIS_WIDTH + bar.x}
              y={PADDING_TOP + bar.y}
              width={bar.width}
              height={bar.height}
              rx={2}
            />
          </Link>
        ))}
      </svg>
    </Scroller>
  );
}
