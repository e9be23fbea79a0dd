import type { Build, Status } from '../../api/types';

// Issue 31 parts 1-2: the figures of the Insights tab and the build page's step trends, as pure
// functions over finished builds (newest first, as the server lists them). Times are Drone's
// seconds.

/** What a finished build can be; running, pending and blocked builds are not history yet. */
export const FINISHED: readonly Status[] = [
  'success',
  'failure',
  'error',
  'killed',
  'declined',
  'skipped',
];
const FAILED: readonly Status[] = ['failure', 'error'];

/** Fewer runs than this and a figure or verdict says "too little data", never "stable". */
export const MIN_RUNS = 5;
/** Issue 31 part 2: a failure and a pass on one commit within this window make a step flaky... */
export const FLAKY_WINDOW_SECONDS = 14 * 24 * 3600;
/** ...until it passes this many times in a row. */
export const PASSES_TO_CLEAR = 5;

export const isFinished = (build: Pick<Build, 'status'>) => FINISHED.includes(build.status);
export const isFailed = (status: Status) => FAILED.includes(status);

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The nearest-rank percentile: a value that occurred, never one interpolated. */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface Spread {
  median: number | null;
  p95: number | null;
  count: number;
}

export const spread = (values: readonly number[]): Spread => ({
  median: median(values),
  p95: percentile(values, 95),
  count: values.length,
});

const lasted = (from: number | undefined, to: number | undefined) =>
  from && to && to >= from ? to - from : null;

const present = (values: Array<number | null>) => values.filter((v): v is number => v !== null);

export interface BuildFigures {
  /** Of the builds that passed or failed: cancelled, declined and skipped ones are left out. */
  successRate: number | null;
  counted: number;
  duration: Spread;
  /** `started - created`: how long builds waited for a runner. */
  queue: Spread;
}

export function buildFigures(builds: readonly Build[]): BuildFigures {
  const ran = builds.filter((b) => b.status === 'success' || isFailed(b.status));
  const passed = ran.filter((b) => b.status === 'success').length;
  return {
    successRate: ran.length ? passed / ran.length : null,
    counted: ran.length,
    duration: spread(present(ran.map((b) => lasted(b.started, b.finished)))),
    queue: spread(present(ran.map((b) => lasted(b.created, b.started)))),
  };
}

/** A step across builds: its stage's name and its own (numbers change between pipelines). */
export const stepKey = (stage: string, step: string) => JSON.stringify([stage, step]);

export interface StepRun {
  build: number;
  after: string;
  created: number;
  status: Status;
  /** Seconds, or null for a step that did not run (skipped, never started). */
  duration: number | null;
}

/** Every step's runs in the given builds, oldest first. */
export function stepRuns(builds: readonly Build[]): Map<string, StepRun[]> {
  const runs = new Map<string, StepRun[]>();
  const oldestFirst = [...builds].sort((a, b) => a.number - b.number);
  for (const build of oldestFirst) {
    for (const stage of build.stages ?? []) {
      for (const step of stage.steps ?? []) {
        const key = stepKey(stage.name, step.name);
        const ran = step.status === 'success' || isFailed(step.status);
        const run: StepRun = {
          build: build.number,
          after: build.after,
          created: build.created,
          status: step.status,
          duration: ran ? lasted(step.started, step.stopped) : null,
        };
        const list = runs.get(key);
        if (list) list.push(run);
        else runs.set(key, [run]);
      }
    }
  }
  return runs;
}

export interface StepTrend {
  /** Durations of the runs before this one, oldest first (the sparkline), at most `limit`. */
  durations: number[];
  spread: Spread;
  /** This run's duration, if it ran. */
  current: number | null;
  /** This run took longer than the p95 of enough earlier runs. */
  slower: boolean;
  tooLittleData: boolean;
}

/** One step's trend for build `number`: its earlier runs (the caller passes one branch's builds). */
export function stepTrend(runs: readonly StepRun[], number: number, limit = 50): StepTrend {
  const earlier = present(runs.filter((run) => run.build < number).map((run) => run.duration));
  const durations = earlier.slice(-limit);
  const current = runs.find((run) => run.build === number)?.duration ?? null;
  const figures = spread(durations);
  const tooLittleData = durations.length < MIN_RUNS;
  return {
    durations,
    spread: figures,
    current,
    slower: !tooLittleData && current !== null && figures.p95 !== null && current > figures.p95,
    tooLittleData,
  };
}

export interface Attempt {
  build: number;
  status: Status;
}

export type FlakyVerdict =
  | { kind: 'flaky'; failed: number; passedOnRetry: number; attempts: Attempt[] }
  | { kind: 'notFlaky'; runs: number }
  | { kind: 'tooLittleData'; runs: number };

/**
 * Issue 31 part 2: flaky when, within 14 days before `now`, it both failed and passed on one
 * commit, until it has since passed 5 times in a row. `runs` are oldest first.
 */
export function flakyVerdict(runs: readonly StepRun[], now: number): FlakyVerdict {
  const recent = runs.filter((run) => run.created >= now - FLAKY_WINDOW_SECONDS);
  const decided = recent.filter((run) => run.status === 'success' || isFailed(run.status));
  const byCommit = new Map<string, StepRun[]>();
  for (const run of decided) byCommit.set(run.after, [...(byCommit.get(run.after) ?? []), run]);
  let failed = 0;
  let passedOnRetry = 0;
  const attempts: Attempt[] = [];
  for (const commitRuns of byCommit.values()) {
    const firstFailure = commitRuns.findIndex((run) => isFailed(run.status));
    if (firstFailure < 0 || !commitRuns.some((run) => run.status === 'success')) continue;
    failed += commitRuns.filter((run) => isFailed(run.status)).length;
    passedOnRetry += commitRuns
      .slice(firstFailure + 1)
      .filter((run) => run.status === 'success').length;
    attempts.push(...commitRuns.map(({ build, status }) => ({ build, status })));
  }
  if (attempts.length && passesSinceLastFailure(decided) < PASSES_TO_CLEAR) {
    return { kind: 'flaky', failed, passedOnRetry, attempts: attempts.sort(byBuild) };
  }
  return decided.length < MIN_RUNS
    ? { kind: 'tooLittleData', runs: decided.length }
    : { kind: 'notFlaky', runs: decided.length };
}

const byBuild = (a: Attempt, b: Attempt) => a.build - b.build;

function passesSinceLastFailure(runs: readonly StepRun[]): number {
  let passes = 0;
  for (let index = runs.length - 1; index >= 0 && runs[index]!.status === 'success'; index -= 1)
    passes += 1;
  return passes;
}

export interface FlakyStep {
  stage: string;
  step: string;
  failed: number;
  passedOnRetry: number;
  attempts: Attempt[];
}

/** The Insights tab's list: flaky steps, the most failures first. */
export function topFlakySteps(builds: readonly Build[], now: number, limit = 10): FlakyStep[] {
  const flaky: FlakyStep[] = [];
  for (const [key, runs] of stepRuns(builds)) {
    const verdict = flakyVerdict(runs, now);
    if (verdict.kind !== 'flaky') continue;
    const [stage, step] = JSON.parse(key) as [string, string];
    flaky.push({ stage, step, ...verdict });
  }
  return flaky
    .sort((a, b) => b.failed - a.failed || b.passedOnRetry - a.passedOnRetry)
    .slice(0, limit);
}

export interface AttemptChain {
  /** 1-based position of the build among the attempts on its commit. */
  index: number;
  attempts: Attempt[];
}

/**
 * Issue 31 part 2: "attempt 2 of 3". A restart keeps the commit and the event and records its
 * `parent`; a promotion also has a parent but another event, so it starts its own chain.
 */
export function attemptChain(build: Build, known: readonly Build[]): AttemptChain {
  const same = new Map<number, Build>();
  for (const b of [...known, build]) {
    if (b.after === build.after && b.event === build.event) same.set(b.number, b);
  }
  const rootOf = (b: Build): number => {
    const seen = new Set<number>();
    let current = b;
    while (current.parent && same.has(current.parent) && !seen.has(current.parent)) {
      seen.add(current.number);
      current = same.get(current.parent)!;
    }
    return current.number;
  };
  const root = rootOf(build);
  const attempts = [...same.values()]
    .filter((b) => rootOf(b) === root)
    .map(({ number, status }) => ({ build: number, status }))
    .sort(byBuild);
  return { index: attempts.findIndex((a) => a.build === build.number) + 1, attempts };
}
