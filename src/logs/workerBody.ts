// A stored log's bytes produced by another worker instead of a response's body: the in-page
// demo's generated logs (mock-server/browser.ts names the worker through readStoredLog.ts's
// `takeLogBodies`). The producer runs beside this worker, a chunk ahead of its parsing, as a
// server sends while the console reads.

/** What produces the body: a worker's script and the message that starts it. */
export interface WorkerBodySource {
  url: string;
  request: string;
}

/**
 * The body `source`'s worker posts: it gets `request`, then 'next' for each chunk, and answers
 * each with a chunk (transferred) or null at the end.
 */
export function workerBody({ url, request }: WorkerBodySource): ReadableStream<Uint8Array> {
  const producer = new Worker(url, { type: 'module' });
  producer.postMessage(request);
  return new ReadableStream<Uint8Array>({
    pull: (controller) =>
      new Promise<void>((resolve, reject) => {
        producer.onmessage = ({ data }: MessageEvent<Uint8Array | null>) => {
          if (data) controller.enqueue(data);
          else {
            controller.close();
            producer.terminate();
          }
          resolve();
        };
        producer.onerror = (event) => {
          producer.terminate();
          reject(new Error(event.message || 'The log could not be produced'));
        };
        producer.postMessage('next');
      }),
  });
}
