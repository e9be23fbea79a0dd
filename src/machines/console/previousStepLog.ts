import { fetchBuild, fetchBuilds } from '../../api/builds';
import { fetchLogs } from '../../api/logs';
import type { RepoRef } from '../../api/repos';
import { isDone, type Build, type Stage, type Step } from '../../api/types';
import type { LogLines } from '../../logs';
import { sameFamily } from '../buildPage/buildDiff';
import { readStepLog, type LoadStepLog } from './stepLog';

// Issue 30 item 4: the same step of the previous finished build of this branch (the family of
// buildDiff.ts: the same pull request, target branch, deployment target), whose test results
// tell a new failure from one already failing. Stage and step are matched by name: their numbers
// move when the pipeline changes.

/** Builds looked through for the previous one: four pages of the largest size. */
export const PREVIOUS_PAGES = 4;
const PAGE_SIZE = 100;

export interface PreviousStepInput {
  repo: RepoRef;
  build: Build;
  stage: Stage;
  step: Step;
}

export interface PreviousStepLog {
  /** The previous build's number; null when none was found. */
  build: number | null;
  /** That build's run of the step; null when it had no such step or no stored log. */
  lines: LogLines | null;
}

export interface PreviousStepCalls {
  fetchBuilds: typeof fetchBuilds;
  fetchBuild: typeof fetchBuild;
  fetchLogs: LoadStepLog;
}

const DEFAULT_CALLS: PreviousStepCalls = { fetchBuilds, fetchBuild, fetchLogs };

const isPrevious = (build: Build) => (candidate: Build) =>
  candidate.number < build.number && isDone(candidate.status) && sameFamily(build, candidate);

export async function findPreviousStepLog(
  { repo, build, stage, step }: PreviousStepInput,
  calls: PreviousStepCalls = DEFAULT_CALLS,
): Promise<PreviousStepLog> {
  let found: Build | undefined;
  for (let page = 1; page <= PREVIOUS_PAGES && !found; page++) {
    const builds = await calls.fetchBuilds(repo, page, PAGE_SIZE);
    found = builds.find(isPrevious(build));
    if (builds.length < PAGE_SIZE) break;
  }
  if (!found) return { build: null, lines: null };
  const previous = await calls.fetchBuild(repo, found.number);
  const sameStage = previous.stages?.find((candidate) => candidate.name === stage.name);
  const sameStep = sameStage?.steps?.find((candidate) => candidate.name === step.name);
  if (!sameStage || !sameStep || !/^(success|failure)$/.test(sameStep.status)) {
    return { build: previous.number, lines: null };
  }
  const ref = { ...repo, build: previous.number, stage: sameStage.number, step: sameStep.number };
  return { build: previous.number, lines: await readStepLog(calls.fetchLogs, ref) };
}
