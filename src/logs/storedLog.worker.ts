/// <reference lib="webworker" />
import { StoredLogParser, type LineColumns } from './storedLog';
import type { ToLogWorker, FromLogWorker } from './readStoredLog';

// Parses a stored log off the main thread: the page posts the body's chunks as they arrive and
// gets the lines back in batches (columns, not objects, so posting them is cheap).

const scope = self as unknown as DedicatedWorkerGlobalScope;
const decoder = new TextDecoder();
const parser = new StoredLogParser();
/** Lines per batch posted back: big enough to be few messages, small enough to be quick ones. */
const BATCH = 100_000;

const post = (message: FromLogWorker) => scope.postMessage(message);
const postLines = (lines: LineColumns) => {
  if (lines.pos.length > 0) post({ type: 'lines', lines });
};

scope.onmessage = ({ data }: MessageEvent<ToLogWorker>) => {
  try {
    if (data.type === 'chunk') {
      parser.push(decoder.decode(data.chunk, { stream: true }));
      if (parser.parsed >= BATCH) postLines(parser.take());
      return;
    }
    parser.push(decoder.decode());
    parser.end();
    postLines(parser.take());
    post({ type: 'done' });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
