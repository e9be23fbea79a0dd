import { isDone, type Build, type Stage, type Step } from '../../api/types';

// Following across steps (docs/spec.md 2.9 follow logs): when the followed step finishes, the console
// moves on to the next running step, in its stage or the stages after it (issue 29 item 2), and
// keeps following there.

/** Sent by the console to the build page when following moves on: the page goes to this step. */
export interface FollowStepEvent {
  type: 'console.followStep';
  stage: number;
  step: number;
}

/** Sent by the console for the j / k keys (issue 19 item 2): the page opens this step. */
export interface OpenStepEvent {
  type: 'step.open';
  stage: number;
  step: number;
}

/** The step before or after one, in the order 'Pipeline stages' lists them, across stages. */
export function adjacentStep(
  build: Build,
  at: { stage: number; step: number },
  offset: 1 | -1,
): { stage: number; step: number } | undefined {
  const steps = (build.stages ?? []).flatMap((stage) =>
    (stage.steps ?? []).map((step) => ({ stage: stage.number, step: step.number })),
  );
  const index = steps.findIndex(({ stage, step }) => stage === at.stage && step === at.step);
  return index === -1 ? undefined : steps[index + offset];
}

/**
 * The step following moves to when the followed one finishes: the first running step after it in
 * its stage, else another running step of the stage (parallel steps), else the first running
 * step of the stages after it, else of those before it (stages that run in parallel). While a
 * later step of its stage has yet to run, it waits for that one rather than leave the stage. `stage`
 * is the shown stage as it is now (the build's own copy may be a moment older).
 */
export function nextRunningStep(
  build: Build,
  stage: Stage,
  current: Step,
): { stage: number; step: number } | undefined {
  const running = (steps: Step[] | undefined) =>
    (steps ?? []).filter((step) => step.status === 'running' && step.id !== current.id);
  const here = running(stage.steps);
  const inStage = here.find((step) => step.number > current.number) ?? here[0];
  if (inStage) return { stage: stage.number, step: inStage.number };
  const stageGoesOn = (stage.steps ?? []).some(
    (step) => step.number > current.number && !isDone(step.status),
  );
  if (stageGoesOn) return undefined;
  const others = (build.stages ?? []).filter((other) => other.number !== stage.number);
  const ordered = [
    ...others.filter((other) => other.number > stage.number),
    ...others.filter((other) => other.number < stage.number),
  ];
  for (const other of ordered) {
    const [first] = running(other.steps);
    if (first) return { stage: other.number, step: first.number };
  }
  return undefined;
}

/** The shown step has just stopped running (`next` is its new state). */
export function hasStoppedRunning(shown: Step, next: Step): boolean {
  return shown.status === 'running' && next.status !== 'running';
}
