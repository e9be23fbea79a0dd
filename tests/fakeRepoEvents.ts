import { http, HttpResponse } from 'msw';

/**
 * The repository event stream (/api/stream) played by the test: `handler` goes first in the mock
 * server's handlers, and `emit` sends one `data:` event on every open connection, as Drone would.
 */
export function fakeRepoEvents() {
  const encoder = new TextEncoder();
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const handler = http.get(`${location.origin}/api/stream`, ({ request }) => {
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller = streamController;
        open.add(streamController);
        streamController.enqueue(encoder.encode(': ping\n\n'));
      },
      cancel() {
        if (controller) open.delete(controller);
      },
    });
    request.signal.addEventListener('abort', () => {
      if (controller) open.delete(controller);
    });
    return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
  });
  return {
    handler,
    /** How many connections are open now. */
    connections: () => open.size,
    emit(data: unknown) {
      for (const controller of open) {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(data)}\n\n`));
      }
    },
  };
}
