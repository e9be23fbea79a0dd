/// <reference lib="webworker" />
import type { FromLogWorker, ToLogWorker } from './readStoredLog';
import { StoredLogParser } from './storedLog';

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
  const decoder = new TextDecoder();
  const postLines = () => {
    const lines = parser.take();
    if (lines.pos.length > 0) post({ type: 'lines', lines });
  };
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      if (parser.parsed >= BATCH) postLines();
    }
  }
  parser.push(decoder.decode());
  parser.end();
  postLines();
  post({ type: 'done' });
}

scope.onmessage = ({ data }: MessageEvent<ToLogWorker>) => {
  load(data).catch((error: unknown) => {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  });
};
