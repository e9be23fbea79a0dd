import { describe, expect, it } from 'vitest';
import type { Status } from '../../api/types';
import { makeBuild, makeStage, makeStep } from '../../../tests/factories';
import {
  attemptChain,
  buildFigures,
  FLAKY_WINDOW_SECONDS,
  flakyVerdict,
  median,
  percentile,
  stepKey,
  stepRuns,
  stepTrend,
  topFlakySteps,
  type StepRun,
} from './stats';

const DAY = 24 * 3600;
const NOW = 1_800_000_000;

/** A run of one step: build `number` on commit `after`, `daysAgo` before NOW. */
const run = (build: number, status: Status, after = `c${build}`, daysAgo = 1): StepRun => ({
  build,
  after,
  created: NOW - daysAgo * DAY,
  status,
  duration: 60,
});

describe('median and p95', () => {
  it('have no value without data', () => {
    expect(median([])).toBeNull();
    expect(percentile([], 95)).toBeNull();
  });

  it('take the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('p95 is a value that occurred (nearest rank), not one interpolated', () => {
    const values = Array.from({ length: 20 }, (_, i) => i + 1); // 1..20
    expect(percentile(values, 95)).toBe(19);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 100], 95)).toBe(100);
  });
});

describe('build figures', () => {
  it('leave cancelled builds out of the success rate', () => {
    const builds = [
      makeBuild({ number: 1, status: 'success' }),
      makeBuild({ number: 2, status: 'failure' }),
      makeBuild({ number: 3, status: 'killed' }),
      makeBuild({ number: 4, status: 'success' }),
    ];
    const figures = buildFigures(builds);
    expect(figures.counted).toBe(3);
    expect(figures.successRate).toBeCloseTo(2 / 3);
  });

  it('measure queue time as started - created and duration as finished - started', () => {
    const figures = buildFigures([
      makeBuild({ created: 100, started: 130, finished: 190 }),
      makeBuild({ number: 2, created: 100, started: 110, finished: 150 }),
    ]);
    expect(figures.queue.median).toBe(20);
    expect(figures.duration.median).toBe(50);
  });
});

describe('step trend', () => {
  const runs = Array.from({ length: 20 }, (_, i) => ({ ...run(i + 1, 'success'), duration: 60 }));

  it('is slower than usual above the p95 of the earlier runs', () => {
    const trend = stepTrend([...runs, { ...run(21, 'success'), duration: 61 }], 21);
    expect(trend.spread.p95).toBe(60);
    expect(trend.slower).toBe(true);
    expect(trend.durations).toHaveLength(20);
  });

  it('is not slower at the p95 itself', () => {
    expect(stepTrend([...runs, { ...run(21, 'success'), duration: 60 }], 21).slower).toBe(false);
  });

  it('never calls a run slower with too little data', () => {
    const few = [run(1, 'success'), run(2, 'success'), { ...run(3, 'success'), duration: 900 }];
    const trend = stepTrend(few, 3);
    expect(trend.tooLittleData).toBe(true);
    expect(trend.slower).toBe(false);
  });

  it('keeps the last 50 earlier runs', () => {
    const many = Array.from({ length: 80 }, (_, i) => run(i + 1, 'success'));
    expect(stepTrend(many, 81).durations).toHaveLength(50);
  });
});

describe('flaky verdict', () => {
  it('is flaky when a step failed and passed on the same commit within 14 days', () => {
    const verdict = flakyVerdict(
      [
        run(1, 'success'),
        run(2, 'success'),
        run(3, 'failure', 'same'),
        run(4, 'success', 'same'),
        run(5, 'success'),
      ],
      NOW,
    );
    expect(verdict).toEqual({
      kind: 'flaky',
      failed: 1,
      passedOnRetry: 1,
      attempts: [
        { build: 3, status: 'failure' },
        { build: 4, status: 'success' },
      ],
    });
  });

  it('counts every failure and retry on such commits', () => {
    const verdict = flakyVerdict(
      [
        run(1, 'failure', 'a'),
        run(2, 'failure', 'a'),
        run(3, 'success', 'a'),
        run(4, 'error', 'b'),
        run(5, 'success', 'b'),
      ],
      NOW,
    );
    expect(verdict).toMatchObject({ kind: 'flaky', failed: 3, passedOnRetry: 2 });
  });

  it('is cleared by 5 passes in a row, not by 4', () => {
    const flaky = [run(1, 'failure', 'x'), run(2, 'success', 'x')];
    const passes = (count: number) =>
      Array.from({ length: count }, (_, i) => run(10 + i, 'success'));
    expect(flakyVerdict([...flaky, ...passes(3)], NOW).kind).toBe('flaky');
    expect(flakyVerdict([...flaky, ...passes(4)], NOW).kind).toBe('notFlaky');
  });

  it('forgets a commit that failed and passed more than 14 days ago', () => {
    const old = (build: number, status: Status) => run(build, status, 'old', 15);
    const recent = [1, 2, 3, 4, 5].map((build) => run(20 + build, 'success'));
    recent[1] = run(22, 'failure');
    expect(flakyVerdict([old(1, 'failure'), old(2, 'success'), ...recent], NOW).kind).toBe(
      'notFlaky',
    );
    const justInside = { ...run(2, 'success', 'edge'), created: NOW - FLAKY_WINDOW_SECONDS };
    const edge = [{ ...justInside, build: 1, status: 'failure' as Status }, justInside];
    expect(flakyVerdict(edge, NOW).kind).toBe('flaky');
  });

  it('says too little data, never stable, with fewer than 5 runs', () => {
    expect(flakyVerdict([run(1, 'success'), run(2, 'success')], NOW)).toEqual({
      kind: 'tooLittleData',
      runs: 2,
    });
    expect(flakyVerdict([], NOW).kind).toBe('tooLittleData');
  });

  it('does not call a step failing on different commits flaky', () => {
    const runs = [run(1, 'failure'), run(2, 'success'), run(3, 'failure'), run(4, 'success')];
    expect(flakyVerdict([...runs, run(5, 'success')], NOW).kind).toBe('notFlaky');
  });
});

describe('steps across builds', () => {
  const build = (number: number, status: Status, after: string) =>
    makeBuild({
      number,
      after,
      created: NOW - DAY,
      stages: [
        makeStage(1, status, {
          name: 'test',
          steps: [makeStep(1, 'success', { name: 'clone' }), makeStep(2, status, { name: 'unit' })],
        }),
      ],
    });

  it('are keyed by stage and step name, oldest first', () => {
    const runs = stepRuns([build(2, 'success', 'a'), build(1, 'failure', 'a')]);
    expect(runs.get(stepKey('test', 'unit'))!.map((r) => r.build)).toEqual([1, 2]);
  });

  it('top flaky steps lists only the steps that flaked', () => {
    const flaky = topFlakySteps([build(2, 'success', 'a'), build(1, 'failure', 'a')], NOW);
    expect(flaky.map((step) => [step.stage, step.step])).toEqual([['test', 'unit']]);
  });
});

describe('attempt chain', () => {
  it('numbers the restarts of one commit through their parents', () => {
    const first = makeBuild({ number: 10, after: 'x', status: 'failure' });
    const second = makeBuild({ number: 12, after: 'x', parent: 10, status: 'failure' });
    const third = makeBuild({ number: 15, after: 'x', parent: 12 });
    const other = makeBuild({ number: 11, after: 'y' });
    const chain = attemptChain(second, [third, other, second, first]);
    expect(chain.index).toBe(2);
    expect(chain.attempts.map((a) => a.build)).toEqual([10, 12, 15]);
  });

  it('leaves a promotion of the build out of its attempts', () => {
    const build = makeBuild({ number: 10, after: 'x' });
    const promotion = makeBuild({ number: 11, after: 'x', parent: 10, event: 'promote' });
    expect(attemptChain(build, [promotion, build]).attempts).toHaveLength(1);
  });
});
