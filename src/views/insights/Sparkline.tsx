import { styled } from '../ui/theme';

// Issue 31 part 1: a step's or a build's durations as a small line, oldest on the left, with the
// median (dashed) and p95 (dotted) drawn across; `current`, when given, is the last point, red
// when it is above the p95. Drawn from numbers only: no server text reaches the SVG.

const WIDTH = 80;
const HEIGHT = 20;

export function Sparkline({
  values,
  median,
  p95,
  current,
  slower,
  label,
}: {
  values: readonly number[];
  median: number | null;
  p95: number | null;
  current?: number | null;
  slower?: boolean;
  label: string;
}) {
  const points = current === null || current === undefined ? values : [...values, current];
  const top = Math.max(1, ...points, p95 ?? 0);
  const x = (index: number) =>
    points.length < 2 ? WIDTH / 2 : (index / (points.length - 1)) * WIDTH;
  const y = (value: number) => HEIGHT - 1 - (value / top) * (HEIGHT - 2);
  const line = points
    .map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`)
    .join(' ');
  return (
    <Svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
    >
      {median !== null ? (
        <Rule y1={y(median)} y2={y(median)} x2={WIDTH} strokeDasharray="3 2" />
      ) : null}
      {p95 !== null ? <Rule y1={y(p95)} y2={y(p95)} x2={WIDTH} strokeDasharray="1 2" /> : null}
      <Line points={line} />
      {current !== null && current !== undefined ? (
        <Dot
          cx={x(points.length - 1)}
          cy={y(current)}
          r={2}
          data-slower={slower ? 'true' : undefined}
        />
      ) : null}
    </Svg>
  );
}

const Svg = styled('svg', { flexShrink: 0, overflow: 'visible' });
const Rule = styled('line', { stroke: '$textMuted', strokeWidth: 0.75, opacity: 0.6 });
const Line = styled('polyline', { fill: 'none', stroke: '$primary', strokeWidth: 1.25 });
const Dot = styled('circle', {
  fill: '$primary',
  '&[data-slower]': { fill: '$danger' },
});
