/// <reference lib="webworker" />
import type { WorkerBodySource } from './workerBody';
import type { FromLogWorker, ToLogWorker } from './workerMessages';
import { StoredLogParser, parseBody } from './storedLog';

// Parses a stored log's body as the page passes it on, off the main thread; the page gets the
// lines back in batches (their texts in one string and typed arrays, so posting them is cheap),
// the last one holding the tail the console shows.

/** The build's choice (src/config.ts), here as a literal so a server build drops the demo's code. */
declare const __DRONE_MOCK__: boolean;

/**
 * In-page demo: a body another worker produces. Its module is imported only behind the build-time
 * constant, so a production build's worker is without it.
 */
async function producedBody(source: WorkerBodySource): Promise<ReadableStream<Uint8Array>> {
  if (!__DRONE_MOCK__) throw new Error('Only the demo produces logs');
  const { workerBody } = await import('./workerBody');
  return workerBody(source);
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromLogWorker, transfer: Transferable[] = []) =>
  scope.postMessage(message, transfer);

async function parse(body: ReadableStream<Uint8Array>): Promise<void> {
  const parser = new StoredLogParser();
  // Each batch is about a megabyte of the body, parsed as soon as it arrived.
  const postLines = () => {
    for (const batch of parser.take()) {
      const { offsets, pos, time, marked } = batch;
      post({ type: 'lines', batch }, [offsets.buffer, pos.buffer, time.buffer, marked.buffer]);
    }
  };
  await parseBody(body, parser, postLines);
  postLines();
  post({ type: 'done' });
}

function run(work: () => Promise<void>): void {
  Promise.resolve()
    .then(work)
    .catch((error: unknown) => {
      post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    });
}

/** The body the page passes chunk by chunk. */
let chunks: ReadableStreamDefaultController<Uint8Array> | null = null;
function chunked(): ReadableStreamDefaultController<Uint8Array> {
  if (!chunks) {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        chunks = controller;
      },
    });
    run(() => parse(body));
  }
  return chunks!;
}

scope.onmessage = ({ data }: MessageEvent<ToLogWorker>) => {
  if (data.type === 'workerBody') run(async () => parse(await producedBody(data.source)));
  else if (data.type === 'chunk') chunked().enqueue(data.chunk);
  else chunked().close();
};
