import type { Build, Status } from '../../api/types';
import { buildSeconds, SUMMARY_BUILDS } from './summary';

// docs/spec.md 9: the Summary bar chart. Up to 50 bars, minimum bar width 8, gap 12, height 170; the
// y-axis maximum is the longest duration rounded up to a whole minute.

export const CHART_HEIGHT = 170;
export const MIN_BAR_WIDTH = 8;
export const BAR_GAP = 12;
/** With few builds, bars stop widening here rather than turning into blocks. */
export const MAX_BAR_WIDTH = 40;
/** A bar never shrinks below this, so a pending or very short build is still a visible link. */
export const MIN_BAR_HEIGHT = 3;

export interface ChartBar {
  number: number;
  status: Status;
  seconds: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartLayout {
  bars: ChartBar[];
  /** Whole minutes at the top of the y-axis (at least 1). */
  axisMaxMinutes: number;
  width: number;
  height: number;
}

/** The longest duration rounded up to a whole minute; 1 when every build took under a minute. */
export function axisMaxMinutes(seconds: number[]): number {
  const longest = Math.max(0, ...seconds);
  return Math.max(1, Math.ceil(longest / 60));
}

/**
 * Bars for the latest builds, oldest on the left. Bars share `availableWidth` (up to
 * MAX_BAR_WIDTH each) but never get narrower than MIN_BAR_WIDTH: the chart grows wider (and
 * scrolls) instead.
 */
export function chartLayout(
  newestFirst: Build[],
  nowSeconds: number,
  availableWidth: number,
): ChartLayout {
  const builds = newestFirst.slice(0, SUMMARY_BUILDS).reverse();
  const seconds = builds.map((build) => buildSeconds(build, nowSeconds));
  const maxMinutes = axisMaxMinutes(seconds);
  const count = builds.length;
  const fitted = count ? Math.floor((availableWidth - BAR_GAP * (count - 1)) / count) : 0;
  const barWidth = Math.max(MIN_BAR_WIDTH, Math.min(MAX_BAR_WIDTH, fitted));
  const bars = builds.map((build, index) => {
    const scaled = (seconds[index]! / (maxMinutes * 60)) * CHART_HEIGHT;
    const height = Math.min(CHART_HEIGHT, Math.max(MIN_BAR_HEIGHT, Math.round(scaled)));
    return {
      number: build.number,
      status: build.status,
      seconds: seconds[index]!,
      x: index * (barWidth + BAR_GAP),
      y: CHART_HEIGHT - height,
      width: barWidth,
      height,
    };
  });
  const width = count ? count * barWidth + (count - 1) * BAR_GAP : 0;
  return { bars, axisMaxMinutes: maxMinutes, width, height: CHART_HEIGHT };
}
