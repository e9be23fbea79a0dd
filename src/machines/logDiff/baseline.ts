import { hasStoredLog, isDone, type Build, type Stage, type Step } from '../../api/types';

// Issue 30 item 5: which build a failed step's log is compared with. The baseline is the newest
// successful build of the same branch before this one: the build's `target`, which for a pull
// request is the branch it merges into, and among that branch's builds the ones that build the
// branch itself (push, cron, custom), not other pull requests into it or deployments.

const BRANCH_EVENTS = ['push', 'cron', 'custom'];

/** A finished build of the branch `build` is compared against, older than `build`. */
export const isBranchBuild = (build: Build, other: Build) =>
  other.number < build.number &&
  other.target === build.target &&
  BRANCH_EVENTS.includes(other.event) &&
  isDone(other.status);

/** The newest green build of the branch on a page of builds (newest first). */
export const lastGreen = (build: Build, newestFirst: readonly Build[]) =>
  newestFirst.find((other) => isBranchBuild(build, other) && other.status === 'success');

/** A step's stage and step of the same names in another build, when that step left a log. */
export function sameStep(
  other: Build,
  stageName: string,
  stepName: string,
): { stage: Stage; step: Step } | undefined {
  const stage = other.stages?.find((candidate) => candidate.name === stageName);
  const step = stage?.steps?.find((candidate) => candidate.name === stepName);
  return stage && step && hasStoredLog(step) ? { stage, step } : undefined;
}
