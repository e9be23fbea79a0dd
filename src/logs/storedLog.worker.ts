/// <reference lib="webworker" />
import type { WorkerBodySource } from './workerBody';
import type { LineBatch } from './outColumn';
import type { FromLogWorker, RequestTiming, ToLogWorker } from './workerMessages';
import { StoredLogParser, parseBody } from './storedLog';

// Asks for a stored log and parses its body as it arrives, off the main thread (in the in-page
// demo, the body the page passes on); the page gets the lines back in batches (their texts in one
// string and typed arrays, so posting them is cheap), the last one holding the tail the console
// shows.

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

/** The page shows a long log's last lines first (a `tailFirst` message). */
let tailFirst = false;

async function parse(
  body: ReadableStream<Uint8Array> | null,
  request?: () => RequestTiming | undefined,
): Promise<void> {
  const parser = new StoredLogParser();
  const postBatch = (type: 'lines' | 'tail', batch: LineBatch) => {
    const { offsets, pos, time, marked } = batch;
    post({ type, batch }, [offsets.buffer, pos.buffer, time.buffer, marked.buffer]);
  };
  // Each batch is about a megabyte of the body, parsed as soon as it arrived.
  const postLines = () => {
    for (const batch of parser.take()) postBatch('lines', batch);
  };
  await parseBody(
    body,
    parser,
    postLines,
    tailFirst ? (tail) => postBatch('tail', tail) : undefined,
  );
  postLines();
  post({ type: 'done', request: request?.() });
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

/** The page's language, whose Intl data loads here once the log's request has left. */
let warmLanguage: string | null = null;

/** The formatters a build page's first render makes first (views/ui/time.ts) load their data. */
function warmIntl(): void {
  if (!warmLanguage) return;
  new Intl.RelativeTimeFormat(warmLanguage, { numeric: 'auto' }).format(-1, 'minute');
  const unit = new Intl.NumberFormat(warmLanguage, { style: 'unit', unit: 'second' }).format(1);
  new Intl.ListFormat(warmLanguage, { type: 'unit' }).format([unit]);
  warmLanguage = null;
}

/**
 * The log's request, made here so its body is read on this thread. `url` is built by the API
 * client's serverUrl: the server is the only place the headers and cookies may go, and a redirect
 * would take them elsewhere, so it fails instead.
 */
async function fetched(url: string, headers: Record<string, string>): Promise<void> {
  // When it was asked for and when its last byte was read, for the page's timeline (its Resource
  // Timing entry may come only after the body's end is read).
  const now = () => performance.timeOrigin + performance.now();
  const start = now();
  let end: number | undefined;
  const answer = fetch(url, { headers, credentials: 'include', redirect: 'error' });
  // While the answer is on its way: the log's request left first.
  warmIntl();
  const response = await answer;
  if (!response.ok) {
    const { status, statusText } = response;
    return post({ type: 'refused', status, statusText, body: await response.text() });
  }
  const body = response.body?.pipeThrough(new TransformStream({ flush: () => void (end = now()) }));
  // A body-less answer (no stream to read) ends when it is parsed.
  await parse(body ?? null, (): RequestTiming => ({ url, start, end: end ?? now() }));
}

scope.onmessage = ({ data }: MessageEvent<ToLogWorker>) => {
  if (data.type === 'tailFirst') tailFirst = true;
  else if (data.type === 'warmIntl') warmLanguage = data.language;
  else if (data.type === 'fetch') run(() => fetched(data.url, data.headers));
  else if (data.type === 'workerBody') run(async () => parse(await producedBody(data.source)));
  else if (data.type === 'chunk') chunked().enqueue(data.chunk);
  else chunked().close();
};
