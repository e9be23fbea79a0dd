// The seams between the mock server's parts. The REST handlers (handlers/*) call the engine and
// read the streams through `runtime()`; the engine (engine.ts) and the streams (streams.ts)
// implement these interfaces; scenario.ts seeds the database and installs a runtime.
import type { Line, Repository } from '../src/api/types';
import type { Clock } from './clock';
import type { BuildRow, UserRow } from './serialize';

export interface BuildRequest {
  repoId: number;
  /** push, pull_request, tag, promote, rollback, cron or custom. */
  event: string;
  /** '@hook', '@cron' or the login of whoever triggered it. */
  trigger: string;
  action?: string;
  /** Target branch; the commit defaults to that branch's head. */
  branch: string;
  commit?: string;
  /** Overrides the commit message (latest Drone's `message` query). */
  message?: string;
  ref?: string;
  params: Record<string, string>;
  /** The build this one was restarted, promoted or rolled back from. */
  parent?: number;
  debug?: boolean;
  /** Environment of a promote or rollback. */
  deployTo?: string;
  /** Cron job name, for cron builds. */
  cron?: string;
  sender?: UserRow;
}

export interface Engine {
  /** Creates a pending build with its stages and steps and schedules it; null if nothing ran. */
  createBuild(request: BuildRequest): BuildRow | null;
  /** Approves a blocked stage; throws DroneError with Drone's messages (docs/drone-api.md 2.1). */
  approve(build: BuildRow, stageNumber: number): void;
  /** Declines a blocked stage (stage and build become declined); throws DroneError. */
  decline(build: BuildRow, stageNumber: number): void;
  /** Cancels (docs/drone-api.md 4.2 DELETE builds/{n}) and returns the updated build row. */
  cancel(build: BuildRow): BuildRow;
  /** Pauses (DELETE /api/queue) or resumes (POST) the scheduler: no pending stage starts while paused. */
  setQueuePaused(paused: boolean): void;
  /** Continues every unfinished build, e.g. after the database was restored from storage. */
  resume(): void;
  /** Stops every timer. */
  dispose(): void;
}

export interface EventBus {
  /** Publishes the repository with the build that changed, its stages and steps, to /api/stream. */
  publish(repoId: number, buildId: number): void;
  subscribe(listener: (event: Repository) => void): () => void;
  /** How many listen now (pubsub's Subscribers, for /api/system/stats). */
  subscribers(): number;
}

export interface LiveLogs {
  /** A live stream exists while a step runs. */
  isLive(stepId: number): boolean;
  open(stepId: number): void;
  append(stepId: number, line: Line): void;
  /** Ends the stream (subscribers get eof) and returns every line it carried. */
  close(stepId: number): Line[];
  /** Buffered history (last 5000 lines) then live lines; returns an unsubscribe function. */
  subscribe(stepId: number, onLine: (line: Line) => void, onEnd: () => void): () => void;
  /** Each live step's id and how many follow it (livelog's Info, for /api/system/stats). */
  subscriberCounts(): Map<number, number>;
}

export interface Runtime {
  clock: Clock;
  engine: Engine;
  bus: EventBus;
  logs: LiveLogs;
}

let current: Runtime | undefined;

export function setRuntime(next: Runtime): void {
  current?.engine.dispose();
  current = next;
}

export function runtime(): Runtime {
  if (!current) throw new Error('The mock server runtime has not been started.');
  return current;
}
