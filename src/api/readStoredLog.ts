import { AHEAD_MS } from '../boot/ahead';
import { responseError } from './client';
import { LogLines } from '../logs/lineStore';
import type { WorkerBodySource } from '../logs/workerBody';
import type { FromLogWorker, RequestTiming, ToLogWorker } from '../logs/workerMessages';

// Reads a stored log into lines. In a browser a worker asks for it and parses the body as it
// arrives, so a million lines never block the page: the main thread only receives batches of lines
// (LineBatch, about a megabyte of the body each; the last batch holds the tail the console shows).
// The body is read on the worker's thread: read by the page and passed on, it arrived only as fast
// as a page busy with its first render took it (a 100,000-line log's last byte 270 ms after its
// request against 130 ms for a bare page, issue 32). A build URL's log view starts the worker at
// boot (startLogWorkerAhead), so its script has loaded when the log is asked for. The in-page
// demo's generated logs are named in the mock's answer (takeLogBodies): the page asks for those
// and passes the body on. Without workers (tests, a policy forbidding them) the same parser runs
// here, chunk by chunk, on the body the API client fetched.

/**
 * User Timing measure of the log worker's request, from asking to the last byte (DevTools'
 * Performance panel, `npm run bench`): a worker's requests are not in the page's Resource Timing.
 * Its `detail` is the URL.
 */
export const LOG_REQUEST_MEASURE = 'drone-console: stored log request';

/** User Timing mark of a stored log read (DevTools' Performance panel, `npm run bench`). */
export const LOG_READ_MARK = 'drone-console: stored log read';

/** Where an answer's log bytes come from instead of its body, if anywhere else. */
type LogBodies = (response: Response) => WorkerBodySource | null;
let logBodies: LogBodies | null = null;

/**
 * For the in-page demo (mock-server/browser.ts), which answers a generated log with its name
 * rather than passing its bytes through the service worker: `bodies` names the worker that
 * produces them. src/ imports nothing of the mock (docs/architecture.md 2); nothing calls this in
 * production, where the build-time constant drops the code that reads it.
 */
export function takeLogBodies(bodies: LogBodies): void {
  logBodies = bodies;
}

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('../logs/storedLog.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null; // Refused (a policy forbids workers): parse here.
  }
}

/** A worker started ahead of the first stored log's read (startLogWorkerAhead), until taken. */
let ahead: Worker | null = null;

/**
 * Starts the log worker before its log is asked for (boot/early.ts, a build URL's log view): its
 * script loads and starts while the build is asked for, not once the log's answer is in (about
 * 100 ms later on a loaded 2-core machine, issue 32). Let go after AHEAD_MS unless taken.
 */
export function startLogWorkerAhead(): void {
  if (ahead) return;
  const worker = startWorker();
  ahead = worker;
  setTimeout(() => {
    if (ahead !== worker) return;
    ahead = null;
    worker?.terminate();
  }, AHEAD_MS);
}

/**
 * Has the worker started ahead, idle until the build has answered, load the Intl data of the
 * page's `language`: a process's threads share it, and the page's first relative time took 12 ms
 * to load it, on the main thread, on the way to the first lines (issue 32).
 */
export function warmIntlAhead(language: string): void {
  ahead?.postMessage({ type: 'warmIntl', language } satisfies ToLogWorker);
}

/** The worker started ahead, once; else a new one. */
function takeWorker(): Worker | null {
  const worker = ahead ?? startWorker();
  ahead = null;
  return worker;
}

function measureRequest({ url, start, end }: RequestTiming): void {
  const at = (epochMs: number) => epochMs - performance.timeOrigin;
  performance.measure(LOG_REQUEST_MEASURE, { start: at(start), end: at(end), detail: url });
}

function read(lines: LogLines): LogLines {
  performance.mark(LOG_READ_MARK, { detail: { lines: lines.length } });
  return lines;
}

/** The lines of a stored log body (`null` or an array of lines); rejects with the parse error. */
export async function readStoredLog(body: ReadableStream<Uint8Array> | null): Promise<LogLines> {
  // The parser's code is the worker's: the page loads its own copy only when it needs it.
  const { StoredLogParser, parseBody } = await import('../logs/storedLog');
  const parser = new StoredLogParser();
  await parseBody(body, parser);
  return read(LogLines.fromBatches(parser.take()));
}

/**
 * Passes a response body to the worker chunk by chunk as it arrives: the chunks wait in the
 * worker's queue while it starts, rather than holding the download back until it reads.
 * `isWanted` turns false once the worker's answer is no longer awaited.
 */
async function sendBody(
  worker: Worker,
  body: ReadableStream<Uint8Array> | null,
  isWanted: () => boolean,
): Promise<void> {
  const post = (message: ToLogWorker, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  if (body) {
    const reader = body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (!isWanted()) return void reader.cancel();
      post({ type: 'chunk', chunk: chunk.value }, [chunk.value.buffer]);
    }
  }
  post({ type: 'end' });
}

/** The page asks for the log and passes its body on to the worker (the in-page demo's). */
function passBody(
  worker: Worker,
  target: { url: string; headers: Record<string, string> },
  isWanted: () => boolean,
): Promise<void> {
  return fetch(target.url, {
    headers: target.headers,
    credentials: 'include',
    redirect: 'error',
  }).then(async (response) => {
    if (!response.ok) {
      throw responseError(response.status, response.statusText, await response.text());
    }
    const source = logBodies?.(response);
    if (source) worker.postMessage({ type: 'workerBody', source } satisfies ToLogWorker);
    else await sendBody(worker, response.body, isWanted);
  });
}

/**
 * Fetches a stored log and parses it in a worker; null where workers are missing. Rejects with the
 * server's error (ApiError) or the call's or parser's message. Given `onTail`, a long log's last
 * lines are read ahead of the rest, and given to it.
 */
export function loadStoredLogInWorker(
  target: { url: string; headers: Record<string, string> },
  onTail?: (tail: LogLines) => void,
): Promise<LogLines> | null {
  const worker = takeWorker();
  if (!worker) return null;
  const log = LogLines.storedLog();
  let settled = false;
  return new Promise<LogLines>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      worker.terminate();
      outcome();
    };
    worker.onmessage = ({ data }: MessageEvent<FromLogWorker>) => {
      if (data.type === 'lines') log.add(data.batch);
      else if (data.type === 'tail') onTail?.(LogLines.fromBatches([data.batch]));
      else if (data.type === 'done') {
        settle(() => resolve(read(log.lines())));
        if (data.request) measureRequest(data.request);
      } else if (data.type === 'refused')
        settle(() => reject(responseError(data.status, data.statusText, data.body)));
      else settle(() => reject(new Error(data.message)));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      settle(() => reject(new Error(event.message || 'The log could not be read')));
    };
    if (onTail) worker.postMessage({ type: 'tailFirst' } satisfies ToLogWorker);
    // The build-time constant, so a production build holds no trace of the demo's bodies.
    if (__DRONE_MOCK__ && logBodies) {
      passBody(worker, target, () => !settled).catch((error: unknown) =>
        settle(() => reject(error)),
      );
    } else worker.postMessage({ type: 'fetch', ...target } satisfies ToLogWorker);
  });
}
