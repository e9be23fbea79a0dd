import { responseError } from '../api/client';
import { LogLines } from './lineStore';
import type { LineBatch } from './outColumn';
import { LOG_READ_MARK, StoredLogParser, parseBody } from './storedLog';

// Reads a stored log into lines. In a browser a worker fetches and parses it as it arrives, so a
// million lines never block the page: the main thread only receives batches of lines (LineBatch,
// about a megabyte of the body each). Without workers (tests, a policy forbidding them) the same
// parser runs here, chunk by chunk, on the body the API client fetched.

export type ToLogWorker = { type: 'fetch'; url: string; headers: Record<string, string> };
export type FromLogWorker =
  | { type: 'lines'; batch: LineBatch }
  | { type: 'done' }
  /** The server answered with a failure status. */
  | { type: 'failed'; status: number; statusText: string; body: string }
  /** The call or the parse failed. */
  | { type: 'error'; message: string };

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./storedLog.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null; // Refused (a policy forbids workers): parse here.
  }
}

function read(lines: LogLines): LogLines {
  performance.mark(LOG_READ_MARK, { detail: { lines: lines.length } });
  return lines;
}

/** The lines of a stored log body (`null` or an array of lines); rejects with the parse error. */
export async function readStoredLog(body: ReadableStream<Uint8Array> | null): Promise<LogLines> {
  const parser = new StoredLogParser();
  await parseBody(body, parser);
  return read(LogLines.fromBatches(parser.take()));
}

/**
 * Fetches and parses a stored log in a worker; null where workers are missing. Rejects with the
 * server's error (ApiError) or the call's or parser's message.
 */
export function loadStoredLogInWorker(target: {
  url: string;
  headers: Record<string, string>;
}): Promise<LogLines> | null {
  const worker = startWorker();
  if (!worker) return null;
  const log = LogLines.storedLog();
  return new Promise<LogLines>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      worker.terminate();
      outcome();
    };
    worker.onmessage = ({ data }: MessageEvent<FromLogWorker>) => {
      if (data.type === 'lines') log.add(data.batch);
      else if (data.type === 'done') settle(() => resolve(read(log.lines())));
      else if (data.type === 'failed') {
        settle(() => reject(responseError(data.status, data.statusText, data.body)));
      } else settle(() => reject(new Error(data.message)));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      settle(() => reject(new Error(event.message || 'The log could not be read')));
    };
    worker.postMessage({ type: 'fetch', ...target } satisfies ToLogWorker);
  });
}
