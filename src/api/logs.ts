import type { LogLines } from '../logs';
import { hasStoredLog, stepOf, type Build } from './types';
import { loadStoredLogInWorker, readStoredLog } from './readStoredLog';
import { askAhead, takeAhead } from '../boot/ahead';
import { requestStream } from './client';
import { encodeSegment as e } from './urls';
import { repoPath, type RepoRef } from './repos';

export interface StepRef extends RepoRef {
  build: number;
  stage: number;
  step: number;
}

/** A step's stored log, and whether a long one's last lines are wanted first (fetchLogs). */
export interface StoredLogRef extends StepRef {
  tailFirst?: boolean;
}

const logsPath = (ref: StepRef) =>
  `${repoPath(ref)}/builds/${e(ref.build)}/logs/${e(ref.stage)}/${e(ref.step)}`;

/** Issue 32: a long stored log's last lines, by path, while the rest is read (the worker's). */
const tails = new Map<string, LogLines>();
/** Who shows them: the step's console. */
const tailWatchers = new Map<string, (tail: LogLines) => void>();

function showTail(path: string, tail: LogLines): void {
  tails.set(path, tail);
  tailWatchers.get(path)?.(tail);
}

/** `tailFirst`: a long log's last lines are read ahead of the rest, for its console. */
const readLogs = (path: string, { quiet = false, tailFirst = false } = {}) =>
  requestStream(path, readStoredLog, {
    call: (target) =>
      loadStoredLogInWorker(target, tailFirst ? (tail) => showTail(path, tail) : undefined),
    quiet,
  }).finally(() => tails.delete(path));

/**
 * Calls `watcher` with a step's stored log's last lines, once a worker reading a long log has
 * them ahead of the rest (at once if it has; never for a log read without `tailFirst`). Returns
 * the call that stops watching.
 */
export function watchStoredLogTail(ref: StepRef, watcher: (tail: LogLines) => void): () => void {
  const path = logsPath(ref);
  tailWatchers.set(path, watcher);
  const tail = tails.get(path);
  if (tail) watcher(tail);
  return () => {
    if (tailWatchers.get(path) === watcher) tailWatchers.delete(path);
  };
}

/**
 * Asks for a step's stored log ahead of need (boot/early.ts at boot, once the build has answered), so
 * a long log is on its way before the build says the step has finished. `fetchLogs` takes a good
 * answer; a failure (a running step has no stored log yet: Drone's 404) is dropped quietly and
 * the log asked for again.
 */
export function prefetchLogs(ref: StepRef, tailFirst = false): void {
  const path = logsPath(ref);
  askAhead(path, () => readLogs(path, { quiet: true, tailFirst }));
}

/**
 * Asks ahead for a step's stored log once `build` says the step has one (issue 29 item 7: no
 * request, and no 404 in the browser's console, for a skipped, pending, blocked, declined or
 * running step).
 */
export function prefetchStoredLog(ref: StepRef, build: Build, tailFirst = false): void {
  if (hasStoredLog(stepOf(build, ref.stage, ref.step))) prefetchLogs(ref, tailFirst);
}

/**
 * The reads of finished steps' stored logs, by path: one in flight, or its lines while a reader
 * still holds them (a WeakRef, so nothing is kept for its own sake). A stored log does not change
 * once written, so the console, the failure summary, the log diff and Download all logs share
 * one read: a red build's failed step was downloaded and parsed twice, a million lines 128 MB
 * each time (issue 32).
 */
const shared = new Map<string, Promise<LogLines> | WeakRef<LogLines>>();

function share(path: string, read: Promise<LogLines>): Promise<LogLines> {
  shared.set(path, read);
  read.then(
    (lines) => {
      if (shared.get(path) === read) shared.set(path, new WeakRef(lines));
    },
    () => {
      if (shared.get(path) === read) shared.delete(path);
    },
  );
  return read;
}

/** Forgets a step's stored log read here (deleted: the next read asks the server). */
export function forgetStoredLog(ref: StepRef): void {
  shared.delete(logsPath(ref));
}

/** Forgets every stored log read here (tests: the next one's server holds other logs). */
export function forgetStoredLogs(): void {
  shared.clear();
}

/**
 * A finished step's stored log; a step that printed nothing stores `null`. Parsed as it arrives
 * (off the main thread for a long log), so a million lines never freeze the page; with
 * `tailFirst`, a long log's last lines first (watchStoredLogTail). Shared with the other readers
 * of the same log (`shared`).
 */
export async function fetchLogs(ref: StoredLogRef): Promise<LogLines> {
  const path = logsPath(ref);
  const held = shared.get(path);
  const lines = held instanceof WeakRef ? held.deref() : held;
  if (lines) return lines;
  const early = takeAhead<LogLines>(path);
  if (early) {
    try {
      return await share(path, early);
    } catch {
      // Asked before the step had finished, or failed: ask now.
    }
  }
  return share(path, readLogs(path, { tailFirst: ref.tailFirst }));
}

/** A running step's live log stream (docs/drone-api.md 5.3), read with `openEventStream`. */
export const logStreamPath = (ref: StepRef) =>
  `/api/stream/${e(ref.namespace)}/${e(ref.name)}/${e(ref.build)}/${e(ref.stage)}/${e(ref.step)}`;
