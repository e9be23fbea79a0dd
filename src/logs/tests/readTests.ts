import type { LogLines } from '../lineStore';
import { runInSlices, yieldToBrowser, type Schedule } from '../slices';
import type { TestReport } from './report';
import type { FromTestsWorker, ToTestsWorker } from './testsWorker';

// The page's side of reading a log's test results (issue 30 item 4). The lines are already in the
// page's store; they are read out of it in slices of a few milliseconds (a hundred thousand
// cases are several hundred thousand lines) and handed to a worker, which parses them. Where
// workers are missing (tests, a policy forbidding them) the same parser runs here, in the same
// slices.

/** User Timing marks of a log's test results read: started, and the report in (`npm run bench`). */
export const TESTS_READ_START_MARK = 'drone-console: test results read start';
export const TESTS_READ_MARK = 'drone-console: test results read';

/** Lines read out of the store per unit of a slice. */
const LINES_PER_UNIT = 1000;

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./testResults.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/** Where the lines go: a worker, or the parser on this thread. */
interface Sink {
  lines(outs: string[], numbers: Float64Array): void;
  end(): void;
  stop(): void;
}

function workerSink(worker: Worker, settle: (outcome: TestReport | Error) => void): Sink {
  worker.onmessage = ({ data }: MessageEvent<FromTestsWorker>) => {
    worker.terminate();
    settle(data.type === 'report' ? data.report : new Error(data.message));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    settle(new Error(event.message || 'The test results could not be read'));
  };
  const post = (message: ToTestsWorker, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  return {
    lines: (outs, numbers) => post({ type: 'lines', outs, numbers }, [numbers.buffer]),
    end: () => post({ type: 'end' }),
    stop: () => worker.terminate(),
  };
}

/** The parsers on this thread: their code loads only here (a worker has its own copy). */
async function hereSink(settle: (outcome: TestReport | Error) => void): Promise<Sink> {
  const { testsReader } = await import('./parseTests');
  const reader = testsReader();
  return {
    lines: (outs, numbers) => outs.forEach((out, k) => reader.line(out, numbers[k]!)),
    end: () => settle(reader.report()),
    stop: () => {},
  };
}

/**
 * The test results of `lines`; `signal` stops the reading (the panel went away: the promise then
 * never settles). Rejects with the worker's message when it fails.
 */
export function readTests(
  lines: LogLines,
  {
    signal,
    schedule = yieldToBrowser,
    useWorker = true,
  }: { signal?: AbortSignal; schedule?: Schedule; useWorker?: boolean } = {},
): Promise<TestReport> {
  performance.mark(TESTS_READ_START_MARK, { detail: { lines: lines.length } });
  return new Promise<TestReport>((resolve, reject) => {
    const settle = (outcome: TestReport | Error) => {
      if (outcome instanceof Error) return reject(outcome);
      performance.mark(TESTS_READ_MARK, { detail: { cases: outcome.ends.length } });
      resolve(outcome);
    };
    const worker = useWorker ? startWorker() : null;
    const sinking = worker ? Promise.resolve(workerSink(worker, settle)) : hereSink(settle);
    sinking.then((sink) => feed(lines, sink, schedule, signal), reject);
  });
}

function feed(
  lines: LogLines,
  sink: Sink,
  schedule: Schedule,
  signal: AbortSignal | undefined,
): void {
  let next = 0;
  const stopSlices = runInSlices((shouldYield) => {
    do {
      const until = Math.min(lines.length, next + LINES_PER_UNIT);
      const numbers = new Float64Array(until - next);
      for (let k = next; k < until; k++) numbers[k - next] = lines.posAt(k) + 1;
      sink.lines(lines.textsAt(next, until), numbers);
      next = until;
    } while (next < lines.length && !shouldYield());
    if (next < lines.length) return false;
    sink.end();
    return true;
  }, schedule);
  signal?.addEventListener('abort', () => {
    // Not a rejection: nobody waits for it any more (a revived actor would take it for a failure).
    stopSlices();
    sink.stop();
  });
}
