import { prefetchLogs } from '../../api/logs';
import type { RepoRef } from '../../api/repos';
import type { Build, Stage, Status, Step } from '../../api/types';

// Where a build URL without stage and step lands (docs/spec.md 2.1, issue 29 item 1, issue 30
// item 1): a running build on its running step, a failed build on its first failed step, any
// other build on stage 1, step 1.

export interface StepAt {
  stage: number;
  step: number;
}

/** Why the page opened the step it did: a failed step opens on its first error line. */
export type Landing = StepAt & { failed: boolean };

const byNumber = <T extends { number: number }>(items: readonly T[] | undefined) =>
  [...(items ?? [])].sort((a, b) => a.number - b.number);

/** The first step, in stage order, that `matches`. */
function firstStep(build: Build, matches: (step: Step, stage: Stage) => boolean) {
  for (const stage of byNumber(build.stages)) {
    const step = byNumber(stage.steps).find((candidate) => matches(candidate, stage));
    if (step) return { stage: stage.number, step: step.number };
  }
  return undefined;
}

/** A step that failed the build: failure or error, unless the pipeline says `failure: ignore`. */
export const hasFailedBuild = (step: Step) =>
  (step.status === 'failure' || step.status === 'error') && !step.errignore;

const FAILED_BUILD: readonly Status[] = ['failure', 'error', 'killed'];

/** The step a build URL without stage and step opens. */
export function landingStep(build: Build): Landing {
  if (build.status === 'running') {
    const running = firstStep(build, (step) => step.status === 'running');
    if (running) return { ...running, failed: false };
  }
  if (FAILED_BUILD.includes(build.status)) {
    const failed = firstStep(build, hasFailedBuild);
    if (failed) return { ...failed, failed: true };
  }
  return { stage: 1, step: 1, failed: false };
}

/** Statuses whose step has a stored log to read (docs/drone-api.md 6; never running or pending). */
const HAS_STORED_LOG: readonly Status[] = ['success', 'failure', 'killed'];

/** The step a route shows: the one it names, or where a route without stage and step lands. */
export const shownStep = (build: Build, route: StepAt & { landing: boolean }): StepAt =>
  route.landing ? landingStep(build) : route;

/**
 * Asks for the stored log of the step a build page will show, once the build says that step has
 * one (issue 29 item 7: no request, and no 404 in the browser's console, for a skipped, pending,
 * blocked, declined or running step).
 */
export function prefetchShownLog(
  repo: RepoRef,
  build: Build,
  route: StepAt & { landing: boolean },
): void {
  const at = shownStep(build, route);
  const step = build.stages
    ?.find((stage) => stage.number === at.stage)
    ?.steps?.find((candidate) => candidate.number === at.step);
  if (step && HAS_STORED_LOG.includes(step.status)) {
    prefetchLogs({ ...repo, build: build.number, ...at });
  }
}
