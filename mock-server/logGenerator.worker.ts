/// <reference lib="webworker" />
import { generateLog } from './generatedLogs';

// The in-page demo's stand-in for a server sending a generated log (mock-server/generated.ts):
// the console's log worker names the log, then asks for it chunk by chunk, so it parses one chunk
// while this worker produces the next, as it reads a real server's answer while the server still
// sends it. Posts each chunk (transferred), then null at the end.

const scope = self as unknown as DedicatedWorkerGlobalScope;
let chunks: Iterator<Uint8Array> | null = null;

scope.onmessage = ({ data }: MessageEvent<string>) => {
  if (chunks === null) {
    chunks = (generateLog(data) ?? [new TextEncoder().encode('null\n')])[Symbol.iterator]();
    return;
  }
  const next = chunks.next();
  if (next.done) scope.postMessage(null);
  else scope.postMessage(next.value, [next.value.buffer]);
};
