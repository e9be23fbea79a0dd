import type { Stage, Step } from '../../api/types';

// Following across steps (docs/spec.md 2.9 follow logs): when the followed step finishes, the console
// moves on to the next running step of the stage, and keeps following there.

/** Sent by the console to the build page when following moves on: the page goes to this step. */
export interface FollowStepEvent {
  type: 'console.followStep';
  step: Step;
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
