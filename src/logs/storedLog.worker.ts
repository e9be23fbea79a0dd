/// <reference lib="webworker" />
import type { FromLogWorker, ToLogWorker } from './readStoredLog';
import { StoredLogParser, parseBody } from './storedLog';

// Fetches a stored log and parses it as it arrives, off the main thread; the page gets the lines
// back in batches (columns, not objects, so posting them is cheap). The in-browser mock answers
// this fetch too: its service worker serves the page's workers like the page.

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** Lines per batch posted back: big enough to be few messages, small enough to be quick ones. */
const BATCH = 10_000;

const post = (message: FromLogWorker) => scope.postMessage(message);

async function load({ url, headers }: ToLogWorker): Promise<void> {
  const response = await fetch(url, { headers, credentials: 'include' });
  if (!response.ok) {
    post({
      type: 'failed',
      status: response.status,
      statusText: response.statusText,
      body: await response.text(),
    });
    return;
  }
  const parser = new StoredLogParser();
  const postLines = () => {
    const lines = parser.take();
    if (lines.pos.length > 0) post({ type: 'lines', lines });
  };
  await parseBody(response.body, parser, () => {
    if (parser.parsed >= BATCH) postLines();
  });
  postLines();
  post({ type: 'done' });
}

scope.onmessage = ({ data }: MessageEvent<ToLogWorker>) => {
  load(data).catch((error: unknown) => {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  });
};
