// The simulated Drone runner fleet (docs/architecture.md 5): creates builds from the pipeline catalog, runs
// them on the injected clock, honours approve / decline / cancel, and streams logs and events.
import type { Clock, TimerHandle } from './clock';
import { DroneError } from './errors';
import { autoCancelTargets, commitFor, draftBuild, insertBuild } from './engine-create';
import { createFlow } from './engine-flow';
import { createQueue } from './engine-queue';
import {
  findBuild,
  findRepo,
  isDone,
  patchBuild,
  patchStage,
  patchStep,
  stagesOfBuild,
  stepsOfStage,
  toSeconds,
} from './engine-rows';
import type { StepRun } from './engine-runner';
import { db } from './db';
import { encodeLog, storeLog } from './logstore';
import {
  isPipelineError,
  type PipelineCatalog,
  type PipelineDefinition,
  type StepDefinition,
} from './pipeline';
import type { Engine, EventBus, LiveLogs } from './runtime';
import type { BuildRow, StageRow, StepRow } from './serialize';

export interface EngineDeps {
  clock: Clock;
  bus: EventBus;
  logs: LiveLogs;
  pipelines: PipelineCatalog;
  /** Pace multiplier: 1 is a realistic demo (2-8 s steps), 10 runs ten times faster. */
  speed?: number;
}

export function createEngine(deps: EngineDeps): Engine {
  const { clock, bus, logs, pipelines } = deps;
  const speed = deps.speed && deps.speed > 0 ? deps.speed : 1;
  const timers = new Map<number, Set<TimerHandle>>();
  const runs = new Map<number, StepRun>();
  const definitions = new Map<number, PipelineDefinition | null>();
  let disposed = false;

  function later(buildId: number, atMs: number, run: () => void): void {
    if (disposed) return;
    const set = timers.get(buildId) ?? new Set<TimerHandle>();
    timers.set(buildId, set);
    const handle = clock.setTimeout(
      () => {
        set.delete(handle);
        if (!disposed) run();
      },
      Math.max(0, atMs - clock.now()),
    );
    set.add(handle);
  }

  function definitionOf(buildId: number): PipelineDefinition | null {
    if (!definitions.has(buildId)) {
      const build = findBuild(buildId);
      const repo = build && findRepo(build.repo_id);
      const result = build && repo ? pipelines.pipeline({ repo, build }) : null;
      definitions.set(buildId, result && !isPipelineError(result) ? result : null);
    }
    return definitions.get(buildId) ?? null;
  }

  function stepDefinition(stage: StageRow, step: StepRow): StepDefinition {
    const stageDef = definitionOf(stage.build_id)?.stages.find((s) => s.name === stage.name);
    return stageDef?.steps.find((s) => s.name === step.name) ?? { name: step.name, image: '' };
  }

  const queue = createQueue();
  const flow = createFlow({ clock, bus, logs, speed, later, stepDefinition, runs, queue });

  function stageByNumber(build: BuildRow, stageNumber: number): StageRow {
    const stage = stagesOfBuild(build.id).find((s) => s.number === stageNumber);
    if (!stage) throw new DroneError(404, 'Stage not found');
    return stage;
  }

  /** Stops a running step and keeps what it printed, as the runner uploads on kill. */
  function stopStep(stepId: number): void {
    runs.get(stepId)?.stop();
    runs.delete(stepId);
    if (logs.isLive(stepId)) storeLog(stepId, encodeLog(logs.close(stepId)));
  }

  const engine: Engine = {
    createBuild(request) {
      const repo = findRepo(request.repoId);
      if (!repo) throw new DroneError(404, 'sql: no rows in result set');
      const draft = draftBuild(repo, request, commitFor(pipelines, repo, request));
      const definition = pipelines.pipeline({ repo, build: draft });
      // Drone answers `null` when no pipeline matched the event or branch.
      if (!definition || (!isPipelineError(definition) && definition.stages.length === 0)) {
        return null;
      }
      const at = clock.now();
      const build = insertBuild(repo, draft, definition, at);
      for (const older of autoCancelTargets(repo, build)) engine.cancel(older);
      for (const stage of stagesOfBuild(build.id)) {
        if (stage.status === 'pending') flow.pickupLater(stage, at);
      }
      // Deviation: Drone publishes nothing for a new pending build (trigger.go); the console
      // refetches after POST anyway, and the event makes the demo's dashboards livelier.
      bus.publish(repo.id, build.id);
      return findBuild(build.id) ?? build;
    },

    approve(build, stageNumber) {
      const stage = stageByNumber(build, stageNumber);
      if (stage.status !== 'blocked') {
        throw new DroneError(400, `Cannot approve a Pipeline with Status "${stage.status}"`);
      }
      const at = clock.now();
      // Latest Drone: waiting_on_dependencies when the stage has depends_on, else pending.
      const waits = stage.depends_on.length > 0;
      const next = patchStage(
        stage.id,
        { status: waits ? 'waiting_on_dependencies' : 'pending' },
        at,
      );
      if (waits) later(build.id, at, () => flow.evaluateBuild(build.id, at));
      else flow.pickupLater(next, at);
      bus.publish(build.repo_id, build.id); // not in Drone; harmless, the console reloads anyway
    },

    decline(build, stageNumber) {
      const stage = stageByNumber(build, stageNumber);
      if (stage.status !== 'blocked') {
        throw new DroneError(400, `Cannot decline build with status "${stage.status}"`);
      }
      const at = clock.now();
      patchStage(stage.id, { status: 'declined' }, at);
      for (const step of stepsOfStage(stage.id)) patchStep(step.id, { status: 'skipped' });
      patchBuild(build.id, { status: 'declined' }, at);
      // Drone leaves "update any pending stages to skipped" as a TODO; doing it keeps the
      // engine from running the rest of a declined build. Running stages finish normally, and
      // other blocked stages stay blocked (decline-build declines them one by one).
      for (const other of stagesOfBuild(build.id)) {
        if (other.status === 'pending' || other.status === 'waiting_on_dependencies') {
          flow.skipStage(other, at);
        }
      }
      bus.publish(build.repo_id, build.id);
    },

    cancel(build) {
      const at = clock.now();
      const now = toSeconds(at);
      const current = findBuild(build.id);
      if (!current) throw new DroneError(404, 'sql: no rows in result set');
      for (const handle of timers.get(build.id) ?? []) clock.clearTimeout(handle);
      timers.delete(build.id);
      definitions.delete(build.id);
      if (current.status === 'pending' || current.status === 'running') {
        patchBuild(
          build.id,
          { status: 'killed', finished: now, started: current.started || now },
          at,
        );
      }
      // handler/api/repos/builds/cancel.go: killed if started, else skipped; steps exit 130.
      for (const stage of stagesOfBuild(build.id)) {
        if (isDone(stage.status)) continue;
        const started = stage.started !== 0;
        patchStage(
          stage.id,
          { status: started ? 'killed' : 'skipped', started: stage.started || now, stopped: now },
          at,
        );
        for (const step of stepsOfStage(stage.id)) {
          if (isDone(step.status)) continue;
          stopStep(step.id);
          patchStep(step.id, {
            status: step.started !== 0 ? 'killed' : 'skipped',
            started: step.started || now,
            stopped: now,
            exit_code: 130,
          });
        }
      }
      bus.publish(build.repo_id, build.id);
      flow.offerHeld(at); // a cancelled stage no longer holds a concurrency limit
      return findBuild(build.id)!;
    },

    setQueuePaused(paused) {
      queue.setPaused(paused);
      if (!paused) flow.offerHeld(clock.now());
    },

    resume() {
      const at = clock.now();
      const unfinished = db.build
        .getAll()
        .filter((build) => build.status === 'pending' || build.status === 'running');
      for (const build of unfinished) {
        for (const stage of stagesOfBuild(build.id)) {
          if (stage.status === 'pending') flow.pickupLater(stage, at);
          if (stage.status !== 'running') continue;
          const steps = stepsOfStage(stage.id).filter((step) => step.status === 'running');
          for (const step of steps) {
            if (runs.has(step.id)) continue;
            logs.open(step.id);
            // Replays from the recorded start: lines already due come out at once.
            flow.playStep(stage, step, stepDefinition(stage, step), step.started * 1000);
          }
          if (steps.length === 0) later(build.id, at, () => flow.advanceStage(stage.id, at));
        }
        later(build.id, at, () => flow.evaluateBuild(build.id, at));
      }
    },

    dispose() {
      disposed = true;
      for (const set of timers.values()) for (const handle of set) clock.clearTimeout(handle);
      timers.clear();
      for (const [stepId, run] of runs) {
        run.stop();
        // Ends open log streams (their readers get eof); the step stays running in the db.
        logs.close(stepId);
      }
      runs.clear();
    },
  };
  return engine;
}
