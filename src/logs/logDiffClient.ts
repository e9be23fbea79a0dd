import type { LineSource } from './firstError';
import type { LogDiff } from './logDiff';
import type { FromDiffWorker, ToDiffWorker } from './logDiff.worker';

// The page's side of the log diff: both logs' texts go to a worker started for this comparison,
// which ends with its answer or when the comparison is no longer wanted. Where workers are
// missing (tests, a policy forbidding them) the same code runs here, loaded then.

const outs = (lines: LineSource): string[] =>
  Array.from({ length: lines.length }, (_, index) => lines.outAt(index));

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./logDiff.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/** The green log (`before`) against the failed one (`after`); `signal` ends the worker. */
export async function diffLogsOffThread(
  before: LineSource,
  after: LineSource,
  signal?: AbortSignal,
): Promise<LogDiff> {
  const message: ToDiffWorker = { before: outs(before), after: outs(after) };
  const worker = startWorker();
  if (!worker) return (await import('./logDiff')).diffLogs(message.before, message.after);
  try {
    return await new Promise<LogDiff>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      worker.onmessage = ({ data }: MessageEvent<FromDiffWorker>) =>
        data.type === 'done' ? resolve(data.diff) : reject(new Error(data.message));
      worker.onerror = (event) => reject(new Error(event.message || 'The log diff failed'));
      worker.postMessage(message);
    });
  } finally {
    worker.terminate();
  }
}
