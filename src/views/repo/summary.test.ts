import { describe, expect, it } from 'vitest';
import { makeBuild, makeBuilds } from '../../../tests/factories';
import { axisMaxMinutes, chartLayout, CHART_HEIGHT, MAX_BAR_WIDTH, MIN_BAR_HEIGHT } from './chart';
import { buildSeconds, finishedDurations, median, medianMinutesLabel } from './summary';

const T0 = 1_700_000_000;
/** A finished build that ran `seconds`. */
const ran = (number: number, seconds: number, status: 'success' | 'failure' = 'success') =>
  makeBuild({ number, status, started: T0, finished: T0 + seconds, created: T0 });

describe('median build minutes (docs/spec.md 2.6, 9)', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('uses finished builds only, among the latest 50', () => {
    const builds = [
      makeBuild({ number: 4, status: 'running', started: T0, finished: 0 }),
      makeBuild({ number: 3, status: 'killed', started: 0, finished: T0 }), // never ran
      ran(2, 600),
      ran(1, 180, 'failure'),
    ];
    expect(finishedDurations(builds)).toEqual([600, 180]);
    // The 51st newest build is outside the summary.
    const many = [
      ...makeBuilds(50, (n) => ({ number: n + 1, started: T0, finished: T0 + 60 })),
      ran(1, 6000),
    ];
    expect(finishedDurations(many)).toHaveLength(50);
    expect(medianMinutesLabel(many)).toBe('1');
  });

  it("rounds to whole minutes and shows '< 1' when that is 0", () => {
    expect(medianMinutesLabel([ran(3, 200), ran(2, 400), ran(1, 20)])).toBe('3'); // 200 s
    expect(medianMinutesLabel([ran(2, 20), ran(1, 29)])).toBe('< 1'); // 24.5 s
    expect(medianMinutesLabel([ran(1, 30)])).toBe('1'); // 0.5 min rounds up
    expect(
      medianMinutesLabel([makeBuild({ status: 'pending', started: 0, finished: 0 })]),
    ).toBeNull();
  });

  it('counts a running build up to now', () => {
    const running = makeBuild({ status: 'running', started: T0, finished: 0 });
    expect(buildSeconds(running, T0 + 75)).toBe(75);
    expect(buildSeconds(makeBuild({ started: 0, finished: 0 }), T0)).toBe(0);
  });
});

describe('chart scaling (docs/spec.md 9)', () => {
  it('rounds the axis maximum up to a whole minute, at least 1', () => {
    expect(axisMaxMinutes([61, 30])).toBe(2);
    expect(axisMaxMinutes([120])).toBe(2);
    expect(axisMaxMinutes([10])).toBe(1);
    expect(axisMaxMinutes([])).toBe(1);
  });

  it('draws at most 50 bars, oldest on the left, height 170 at the axis maximum', () => {
    const builds = makeBuilds(60, (n) => ({ started: T0, finished: T0 + n * 6 })); // 60..1
    const layout = chartLayout(builds, T0, 900);
    expect(layout.bars).toHaveLength(50);
    expect(layout.bars[0]?.number).toBe(11);
    expect(layout.bars[49]?.number).toBe(60);
    // Longest: build 60 ran 360 s = 6 minutes exactly, so it fills the chart.
    expect(layout.axisMaxMinutes).toBe(6);
    expect(layout.bars[49]).toMatchObject({ height: CHART_HEIGHT, y: 0 });
    // Build 30 ran 180 s: half the axis.
    const half = layout.bars.find((bar) => bar.number === 30);
    expect(half?.height).toBe(CHART_HEIGHT / 2);
  });

  it('keeps bars at least 8 wide with a gap of 12, growing past the available width', () => {
    const layout = chartLayout(makeBuilds(50), T0, 600);
    expect(layout.bars[0]?.width).toBe(8);
    expect(layout.bars[1]?.x).toBe(20);
    expect(layout.width).toBe(50 * 8 + 49 * 12);
  });

  it('shares the width among few bars and keeps tiny durations visible', () => {
    const builds = [
      ran(2, 600),
      makeBuild({ number: 1, status: 'pending', started: 0, finished: 0 }),
    ];
    const layout = chartLayout(builds, T0, 72);
    expect(layout.bars.map((bar) => bar.width)).toEqual([30, 30]);
    expect(chartLayout(builds, T0, 900).bars[0]?.width).toBe(MAX_BAR_WIDTH);
    expect(layout.bars[0]).toMatchObject({ number: 1, height: MIN_BAR_HEIGHT });
    expect(layout.axisMaxMinutes).toBe(10);
  });
});
