import { LogLines } from './lineStore';
import { StoredLogParser, emptyColumns, type LineColumns } from './storedLog';

// Reads a stored log's body into lines. A log that fits in its first chunk is parsed here; a
// longer one is parsed in a worker as it arrives, so a million lines never block the page (the
// main thread only moves chunks and receives columns). Without workers (tests, old browsers)
// the same parser runs here, chunk by chunk.

export type ToLogWorker = { type: 'chunk'; chunk: Uint8Array } | { type: 'end' };
export type FromLogWorker =
  { type: 'lines'; lines: LineColumns } | { type: 'done' } | { type: 'error'; message: string };

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./storedLog.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null; // Refused (a policy forbids workers): parse here.
  }
}

function appendColumns(into: LineColumns, from: LineColumns): void {
  for (let k = 0; k < from.pos.length; k++) {
    into.pos.push(from.pos[k]!);
    into.out.push(from.out[k]!);
    into.time.push(from.time[k]!);
  }
}

async function readHere(
  initial: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<LogLines> {
  const decoder = new TextDecoder();
  const parser = new StoredLogParser();
  for (const chunk of initial) parser.push(decoder.decode(chunk, { stream: true }));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(decoder.decode(value, { stream: true }));
  }
  parser.push(decoder.decode());
  parser.end();
  return LogLines.fromColumns(parser.take());
}

function readInWorker(
  worker: Worker,
  initial: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<LogLines> {
  const columns = emptyColumns();
  const send = (message: ToLogWorker) =>
    worker.postMessage(message, message.type === 'chunk' ? [message.chunk.buffer] : []);
  return new Promise<LogLines>((resolve, reject) => {
    const fail = (error: Error) => {
      worker.terminate();
      void reader.cancel().catch(() => undefined);
      reject(error);
    };
    worker.onmessage = ({ data }: MessageEvent<FromLogWorker>) => {
      if (data.type === 'lines') appendColumns(columns, data.lines);
      else if (data.type === 'error') fail(new Error(data.message));
      else {
        worker.terminate();
        resolve(LogLines.fromColumns(columns));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(new Error(event.message || 'The log could not be parsed'));
    };
    const pump = async () => {
      for (const chunk of initial) send({ type: 'chunk', chunk });
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        send({ type: 'chunk', chunk: value });
      }
      send({ type: 'end' });
    };
    pump().catch((error: unknown) =>
      fail(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

/** The lines of a stored log body (`null` or an array of lines); rejects with the parse error. */
export async function readStoredLog(body: ReadableStream<Uint8Array> | null): Promise<LogLines> {
  if (!body) return LogLines.empty();
  const reader = body.getReader();
  // A body that ends within its first chunk is parsed here: no worker for a short log.
  const first = await reader.read();
  if (first.done) return readHere([], reader);
  const second = await reader.read();
  if (second.done) return readHere([first.value], reader);
  const initial = [first.value, second.value];
  const worker = startWorker();
  return worker ? readInWorker(worker, initial, reader) : readHere(initial, reader);
}
