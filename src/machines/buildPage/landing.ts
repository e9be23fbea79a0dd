import type { Build, Step } from '../../api/types';

// Where a build URL without stage and step lands (docs/spec.md 2.1, issue 29 item 1, issue 30
// item 1): a running build on its first running step, a failed build on its first failed step
// (Drone lists stages and steps in order), any other build on stage 1, step 1.

/** The step landed on; `failed`: it failed the build, so it opens on its first error line. */
export interface Landing {
  stage: number;
  step: number;
  failed: boolean;
}

/** The first step, in stage order, that `matches`. */
function firstStep(build: Build, matches: (step: Step) => boolean, failed: boolean) {
  for (const stage of build.stages ?? []) {
    const step = stage.steps?.find(matches);
    if (step) return { stage: stage.number, step: step.number, failed };
  }
  return undefined;
}

/** A step that failed its build: failure or error, unless the pipeline says `failure: ignore`. */
export const isFailedStep = (step: Step) =>
  /^(failure|error)$/.test(step.status) && !step.errignore;

/** Whether the build is red: what the failure summary is for. */
export const isRedBuild = (build: Build) =>
  build.status === 'failure' || build.status === 'error' || build.status === 'killed';

/** The step a build URL without stage and step opens. */
export function landingStep(build: Build): Landing {
  const { status } = build;
  return (
    (status === 'running' ? firstStep(build, (step) => step.status === 'running', false) : null) ??
    (isRedBuild(build) ? firstStep(build, isFailedStep, true) : null) ?? {
      stage: 1,
      step: 1,
      failed: false,
    }
  );
}
