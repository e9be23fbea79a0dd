// Plays one step's log script on the clock, like a runner streaming a container's output: lines
// every 50-300 ms (divided by the speed factor), `sleep` pauses, bursts, then the step's exit after
// its minimum duration. Every line's due time is computed from the step's start, so a step resumed
// after a restore first catches up instantly on the lines it "already printed", then goes live.
import type { Line } from '../src/api/types';
import type { Clock } from './clock';
import type { Script, ScriptItem } from './pipeline';
import type { Random } from './prng';
import type { LiveLogs } from './runtime';

export interface StepRunOptions {
  stepId: number;
  /** When the step started (ms); due times count from here. */
  startMs: number;
  script: Script;
  minDurationMs: number;
  random: Random;
  speed: number;
  clock: Clock;
  logs: LiveLogs;
  /** Schedules `run` at `atMs` on the engine's clock (tracked so cancel can clear it). */
  later(atMs: number, run: () => void): void;
  /** Called once, at the due time of the step's exit. */
  onExit(atMs: number): void;
}

export interface StepRun {
  /** Stops printing; the caller closes the live stream and decides the step's status. */
  stop(): void;
}

export function runStep(options: StepRunOptions): StepRun {
  const { stepId, startMs, random, speed, clock, logs } = options;
  const iterator = options.script[Symbol.iterator]();
  let dueMs = startMs;
  let pos = 0;
  let stopped = false;

  const emit = (texts: readonly string[], atMs: number) => {
    const time = Math.max(0, Math.floor((atMs - startMs) / 1000));
    for (const text of texts) {
      const line: Line = { pos: pos++, out: `${text}\n`, time };
      logs.append(stepId, line);
    }
  };

  /** Advances the due time for one item and returns the lines it prints. */
  const plan = (item: ScriptItem): readonly string[] => {
    if (typeof item === 'string') {
      dueMs += random.int(50, 300) / speed;
      return [item];
    }
    if ('skip' in item) {
      pos += item.skip;
      return [];
    }
    if ('sleep' in item) {
      dueMs += item.sleep / speed;
      return [];
    }
    return item.burst;
  };

  const pump = () => {
    if (stopped) return;
    // Print everything already due in one go; wait on the clock for the first future line.
    for (;;) {
      const next = iterator.next();
      if (next.done) break;
      const texts = plan(next.value);
      if (texts.length === 0) continue;
      if (dueMs <= clock.now()) {
        emit(texts, dueMs);
        continue;
      }
      const at = dueMs;
      options.later(at, () => {
        if (stopped) return;
        emit(texts, at);
        pump();
      });
      return;
    }
    const exitAt = Math.max(dueMs, startMs + options.minDurationMs / speed);
    options.later(exitAt, () => {
      if (!stopped) options.onExit(exitAt);
    });
  };

  pump();
  return {
    stop: () => {
      stopped = true;
    },
  };
}
