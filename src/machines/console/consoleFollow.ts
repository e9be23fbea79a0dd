import type { Build, Stage, Step } from '../../api/types';

// Following across steps (docs/spec.md 2.9 follow logs): when the followed step finishes, the console
// moves on to the next running step of the stage, and keeps following there.

/** Sent by the console to the build page when following moves on: the page goes to this step. */
export interface FollowStepEvent {
  type: 'console.followStep';
  step: Step;
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
 * The step following moves to when the followed one finishes: the first running step after it
 * in the stage, else any other running step of the stage (parallel steps).
 */
export function nextRunningStep(stage: Stage, current: Step): Step | undefined {
  const running = (stage.steps ?? []).filter(
    (candidate) => candidate.status === 'running' && candidate.id !== current.id,
  );
  return running.find((candidate) => candidate.number > current.number) ?? running[0];
}

/** The shown step has just stopped running (`next` is its new state). */
export function hasStoppedRunning(shown: Step, next: Step): boolean {
  return shown.status === 'running' && next.status !== 'running';
}
