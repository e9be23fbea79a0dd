import { useMemo } from 'react';
import type { Build } from '../../api/types';
import { branchOf } from '../../machines/repo/buildFilter';
import { attemptChain, flakyVerdict, stepKey, stepTrend } from '../../machines/insights/stats';
import { useBuildHistory } from './useBuildHistory';

/** Issue 31 part 1: a step's trend over the last 50 runs of its build's branch. */
export const STEP_RUNS = 50;

type RepoRef = { namespace: string; name: string };

/** The build page's history: the last 50 finished builds of this build's branch. */
export function useBranchHistory(repo: RepoRef, build: Build) {
  return useBuildHistory({
    ref: repo,
    filter: { branch: branchOf(build) },
    count: STEP_RUNS,
  });
}

/** One step's trend and flaky verdict, this run's duration read from the page's own build. */
export function useStepInsights(repo: RepoRef, build: Build, stage: string, step: string) {
  const { state, history } = useBranchHistory(repo, build);
  return useMemo(() => {
    if (state !== 'ready') return null;
    const runs = history.runs.get(stepKey(stage, step)) ?? [];
    const own = build.stages?.find((s) => s.name === stage)?.steps?.find((s) => s.name === step);
    const current =
      own?.started && own.stopped && own.stopped >= own.started ? own.stopped - own.started : null;
    const trend = stepTrend(
      [...runs.filter((run) => run.build !== build.number), ...ownRun(build, current)],
      build.number,
      STEP_RUNS,
    );
    return { trend, flaky: flakyVerdict(runs, history.loadedAt) };
  }, [state, history, build, stage, step]);
}

const ownRun = (build: Build, duration: number | null) => [
  {
    build: build.number,
    after: build.after,
    created: build.created,
    status: build.status,
    duration,
  },
];

/** Issue 31 part 2: where this build stands among the restarts of its commit. */
export function useAttempts(repo: RepoRef, build: Build) {
  const { state, history } = useBranchHistory(repo, build);
  return useMemo(
    () => (state === 'ready' ? attemptChain(build, [...history.listed, ...history.builds]) : null),
    [state, history, build],
  );
}
