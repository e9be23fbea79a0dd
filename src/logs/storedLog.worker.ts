/// <reference lib="webworker" />
import type { FromLogWorker, ToLogWorker } from './readStoredLog';
import { StoredLogParser, parseBody } from './storedLog';

// Fetches a stored log and parses it as it arrives, off the main thread; the page gets the lines
// back in batches (a piece of the body's text and typed arrays, so posting them is cheap). The
// in-browser mock answers this fetch too: its service worker serves the page's workers like the
// page.

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromLogWorker, transfer: Transferable[] = []) =>
  scope.postMessage(message, transfer);

async function load({ url, headers }: ToLogWorker): Promise<void> {
  // The page built the URL with the API client's serverUrl: the server, the only place the
  // headers and cookies may go. A redirect would take them elsewhere, so it fails instead.
  const response = await fetch(url, { headers, credentials: 'include', redirect: 'error' });
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
  // Each batch is about a megabyte of the body, parsed as soon as it arrived.
  const postLines = () => {
    for (const batch of parser.take()) {
      const { bounds, pos, time, marked } = batch;
      post({ type: 'lines', batch }, [bounds.buffer, pos.buffer, time.buffer, marked.buffer]);
    }
  };
  await parseBody(response.body, parser, postLines);
  postLines();
  post({ type: 'done' });
}

scope.onmessage = ({ data }: MessageEvent<ToLogWorker>) => {
  load(data).catch((error: unknown) => {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  });
};
