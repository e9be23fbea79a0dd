// The life of a running build, after Drone's manager (operator/manager: setup, updater,
// teardown) and its runners: stages are picked up by a runner, their steps run in order (or by
// depends_on), and when a stage is torn down its dependants are scheduled or skipped and the
// build gets its final status. Every transition takes the instant it happens at (`at`, in ms) so a
// build resumed after a restore keeps a consistent timeline.
import type { Clock } from './clock';
import { db } from './db';
import {
  areDepsComplete,
  finalBuildStatus,
  findBuild,
  findStage,
  findStep,
  isBuildComplete,
  isDone,
  isFailed,
  patchBuild,
  patchStage,
  patchStep,
  stagesOfBuild,
  stepsOfStage,
  toSeconds,
} from './engine-rows';
import type { Queue } from './engine-queue';
import { runStep, type StepRun } from './engine-runner';
import { goJson } from './gojson';
import { encodeLog, storeLog } from './logstore';
import type { StepDefinition } from './pipeline';
import { createRandom, hashSeed } from './prng';
import type { EventBus, LiveLogs } from './runtime';
import type { StageRow, StepRow } from './serialize';

const RUNNERS = [
  'drone-runner-docker-7c9f4',
  'drone-runner-docker-b81e2',
  'drone-runner-k8s-3d0a6',
];

export interface FlowContext {
  clock: Clock;
  bus: EventBus;
  logs: LiveLogs;
  speed: number;
  /** Schedules work for a build at an instant; cleared when the build is cancelled. */
  later(buildId: number, atMs: number, run: () => void): void;
  /** The step's definition (a harmless fallback when the catalog no longer has it). */
  stepDefinition(stage: StageRow, step: StepRow): StepDefinition;
  /** Live step runs by step id, so cancel can stop them. */
  runs: Map<number, StepRun>;
  /** The scheduler: pause, platforms and concurrency limits (engine-queue.ts). */
  queue: Queue;
}

const stepFailed = (step: StepRow) =>
  (step.status === 'failure' && !step.errignore) ||
  step.status === 'killed' ||
  step.status === 'error';

function shouldRun(when: StepDefinition['when'], stageFailed: boolean): boolean {
  if (when === 'always') return true;
  return when === 'failure' ? stageFailed : !stageFailed;
}

export function createFlow(context: FlowContext) {
  const { bus, logs, speed } = context;
  const publish = (stage: StageRow) => bus.publish(stage.repo_id, stage.build_id);

  /** A runner accepts the stage after a short queueing delay. */
  function pickupLater(stage: StageRow, fromMs: number): void {
    const random = createRandom(hashSeed('pickup', stage.id, stage.version));
    const at = fromMs + random.int(800, 2000) / speed;
    context.later(stage.build_id, at, () => pickupStage(stage.id, at));
  }

  function pickupStage(stageId: number, at: number): void {
    const stage = findStage(stageId);
    const build = stage && findBuild(stage.build_id);
    if (!stage || !build || stage.status !== 'pending') return;
    if (build.status !== 'pending' && build.status !== 'running') return;
    if (!context.queue.admits(stage)) return;
    const machine = createRandom(hashSeed('machine', stage.id)).pick(RUNNERS);
    patchStage(stage.id, { status: 'running', started: toSeconds(at), machine }, at);
    if (build.status === 'pending') {
      patchBuild(build.id, { status: 'running', started: toSeconds(at) }, at);
    }
    publish(stage);
    advanceStage(stage.id, at);
  }

  /** Starts (or skips) the steps that are ready; tears the stage down once all are done. */
  function advanceStage(stageId: number, at: number): void {
    for (;;) {
      const stage = findStage(stageId);
      if (!stage || stage.status !== 'running') return;
      const steps = stepsOfStage(stageId);
      if (steps.every((step) => isDone(step.status))) return finishStage(stage, steps, at);
      const failed = steps.some(stepFailed);
      const dag = steps.some((step) => step.depends_on.length > 0);
      const depsDone = (step: StepRow) =>
        steps.every((other) => !step.depends_on.includes(other.name) || isDone(other.status));
      // Without depends_on the runner goes one step at a time, in order.
      const ready = dag
        ? steps.filter((step) => step.status === 'pending' && depsDone(step))
        : steps.some((step) => step.status === 'running')
          ? []
          : steps.filter((step) => step.status === 'pending').slice(0, 1);
      let skipped = false;
      for (const step of ready) {
        const definition = context.stepDefinition(stage, step);
        if (shouldRun(definition.when, failed)) {
          startStep(stage, step, definition, at);
        } else {
          patchStep(step.id, { status: 'skipped' });
          skipped = true;
        }
      }
      // Started steps report back when they exit; a skip may have made others ready.
      if (!skipped) return;
    }
  }

  function startStep(stage: StageRow, step: StepRow, definition: StepDefinition, at: number) {
    patchStep(step.id, { status: 'running', started: toSeconds(at) });
    logs.open(step.id);
    publish(stage);
    playStep(stage, step, definition, at);
  }

  /** Plays the step's script from `startMs` (in the past when resuming). */
  function playStep(stage: StageRow, step: StepRow, definition: StepDefinition, startMs: number) {
    const random = createRandom(hashSeed('step', step.id));
    const minDurationMs = definition.error
      ? 1500
      : (definition.minDurationMs ?? random.int(2000, 8000));
    const run = runStep({
      stepId: step.id,
      startMs,
      script: (!definition.error && definition.script?.()) || [],
      minDurationMs,
      random,
      speed,
      clock: context.clock,
      logs,
      later: (atMs, fn) => context.later(stage.build_id, atMs, fn),
      onExit: (exitAt) => finishStep(step.id, definition, exitAt),
    });
    context.runs.set(step.id, run);
  }

  function finishStep(stepId: number, definition: StepDefinition, at: number): void {
    context.runs.delete(stepId);
    const step = findStep(stepId);
    if (!step || step.status !== 'running') return;
    storeLog(stepId, encodeLog(logs.close(stepId)));
    const exitCode = definition.exitCode ?? 0;
    let schema = step.schema;
    if (definition.card) {
      // What the runner's card upload does: data bytes per step, schema URL on the step.
      const data = goJson(definition.card.data);
      const existing = db.card.getAll().find((row) => row.id === stepId);
      if (existing) existing.data = data;
      else db.card.create({ id: stepId, data });
      schema = definition.card.schema;
    }
    patchStep(stepId, {
      status: definition.error ? 'error' : exitCode === 0 ? 'success' : 'failure',
      error: definition.error ?? '',
      exit_code: exitCode,
      stopped: toSeconds(at),
      schema,
    });
    const stage = findStage(step.step_id);
    if (!stage) return;
    publish(stage);
    advanceStage(stage.id, at);
  }

  /** Offers the held stages again (a stage finished, or the scheduler resumed). */
  function offerHeld(at: number): void {
    for (const id of context.queue.release()) {
      const stage = findStage(id);
      if (stage?.status === 'pending') pickupLater(stage, at);
    }
  }

  function finishStage(stage: StageRow, steps: StepRow[], at: number): void {
    const killed = steps.some((step) => step.status === 'killed');
    // The runner reports a step it could not run as the stage's error (shown above the logs).
    const errored = steps.find((step) => step.status === 'error');
    const failing = steps.find(stepFailed);
    patchStage(
      stage.id,
      {
        status: killed ? 'killed' : errored ? 'error' : failing ? 'failure' : 'success',
        error: errored?.error ?? '',
        exit_code: failing?.exit_code ?? 0,
        stopped: toSeconds(at),
      },
      at,
    );
    publish(stage);
    offerHeld(at);
    evaluateBuild(stage.build_id, at);
  }

  function skipStage(stage: StageRow, at: number): void {
    patchStage(stage.id, { status: 'skipped', started: toSeconds(at), stopped: toSeconds(at) }, at);
    for (const step of stepsOfStage(stage.id)) {
      if (!isDone(step.status)) patchStep(step.id, { status: 'skipped' });
    }
  }

  /** teardown.go: cancelDownstream, scheduleDownstream, then the build's final status. */
  function evaluateBuild(buildId: number, at: number): void {
    const build = findBuild(buildId);
    if (!build || (build.status !== 'pending' && build.status !== 'running')) return;
    let stages = stagesOfBuild(buildId);
    for (let changed = true; changed;) {
      changed = false;
      const failed = stages.some((stage) => isFailed(stage.status));
      for (const stage of stages) {
        if (stage.status !== 'waiting_on_dependencies' || !areDepsComplete(stage, stages)) continue;
        if (failed ? !stage.on_failure : !stage.on_success) {
          skipStage(stage, at);
          changed = true; // a skipped stage completes its dependants' dependencies
        } else {
          pickupLater(patchStage(stage.id, { status: 'pending' }, at), at);
        }
      }
      stages = stagesOfBuild(buildId);
    }
    if (!isBuildComplete(stages)) return;
    patchBuild(
      buildId,
      {
        status: finalBuildStatus(stages),
        finished: toSeconds(at),
        started: build.started || toSeconds(at),
      },
      at,
    );
    bus.publish(build.repo_id, build.id);
  }

  return { pickupLater, advanceStage, evaluateBuild, playStep, skipStage, offerHeld };
}

export type Flow = ReturnType<typeof createFlow>;
