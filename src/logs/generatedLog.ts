// In-page demo only (storedLog.worker.ts imports it behind __DRONE_MOCK__): the mock's generator
// runs in a worker of its own, a chunk ahead of the log worker's parsing.

/**
 * In-page demo: a generated log's bytes, produced by another worker (the demo's stand-in for a
 * server) rather than passed through the service worker, a chunk ahead of this one's parsing.
 */
export function generated(name: string): ReadableStream<Uint8Array> {
  const generator = new Worker(
    new URL('../../mock-server/logGenerator.worker.ts', import.meta.url),
    { type: 'module' },
  );
  generator.postMessage(name);
  return new ReadableStream<Uint8Array>({
    pull: (controller) =>
      new Promise<void>((resolve, reject) => {
        generator.onmessage = ({ data }: MessageEvent<Uint8Array | null>) => {
          if (data) controller.enqueue(data);
          else {
            controller.close();
            generator.terminate();
          }
          resolve();
        };
        generator.onerror = (event) => {
          generator.terminate();
          reject(new Error(event.message || 'The demo log could not be generated'));
        };
        generator.postMessage('next');
      }),
  });
}
