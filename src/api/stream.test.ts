import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMockServer } from '../../tests/mockServer';
import { config } from '../config';
import type { SseEvent } from './sse';
import { MAX_BYTES_PER_TASK, openEventStream } from './stream';
import { waitUntil } from '../../tests/wait';

// The log stream read with fetch (docs/architecture.md 6): what reaches the server, what each
// chunk of the body hands over, and how the stream ends.

const server = setupMockServer();
const PATH = '/api/stream/o/r/1/1/1';
const TOKEN = 'token-of-the-user';

/** A body the test writes chunk by chunk; `request` is the request the server saw. */
function serveStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  const served: { request?: Request } = {};
  server.use(
    http.get(`*${PATH}`, ({ request }) => {
      served.request = request;
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return {
    served,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

/** Opens the stream and records what it reports. */
function listen(path = PATH) {
  const reported: Array<'open' | SseEvent[] | { end: boolean }> = [];
  const close = openEventStream(path, {
    open: () => reported.push('open'),
    events: (events) => reported.push(events),
    end: (eof) => reported.push({ end: eof }),
  });
  return { reported, close };
}

const line = (pos: number) => `data: {"pos":${pos},"out":"line ${pos}\\n","time":0}\n\n\n`;
const message = (pos: number) => ({
  type: 'message',
  data: `{"pos":${pos},"out":"line ${pos}\\n","time":0}`,
  lastEventId: '',
});
const EOF = 'event: error\ndata: eof\n\n';

beforeEach(() => {
  config.token = TOKEN;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  config.token = '';
  vi.restoreAllMocks();
});

describe('openEventStream', () => {
  it('sends the token as a Bearer header with cookies, never in the URL', async () => {
    const stream = serveStream();
    listen();
    await waitUntil(() => expect(stream.served.request).toBeDefined());
    const request = stream.served.request!;
    expect(request.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(request.credentials).toBe('include');
    expect(new URL(request.url).search).toBe('');
  });

  it('hands over the events of one chunk together, and ends on eof', async () => {
    const stream = serveStream();
    const { reported } = listen();
    stream.write(`: ping\n\n${line(0)}${line(1)}${line(2)}`);
    await waitUntil(() => expect(reported).toHaveLength(2));
    expect(reported).toEqual(['open', [message(0), message(1), message(2)]]);
    // A line cut by the chunk's end is handed over with the chunk that completes it.
    stream.write(line(3).slice(0, 12));
    stream.write(`${line(3).slice(12)}${line(4)}${EOF}`);
    await waitUntil(() => expect(reported).toHaveLength(4));
    expect(reported.slice(2)).toEqual([[message(3), message(4)], { end: true }]);
  });

  // Issue 28 item 4: a chunk of megabytes (a flood, a replayed history sent whole) was parsed and
  // handed over in one task; it goes in slices, the browser let in between.
  it("parses a chunk of megabytes in slices, handing over each slice's events", async () => {
    const stream = serveStream();
    const { reported } = listen();
    const lines = Array.from({ length: 40_000 }, (_, pos) => line(pos)).join('');
    expect(lines.length).toBeGreaterThan(4 * MAX_BYTES_PER_TASK);
    stream.write(lines + EOF);
    await waitUntil(() => expect(reported.at(-1)).toEqual({ end: true }));
    const batches = reported.filter((entry): entry is SseEvent[] => Array.isArray(entry));
    expect(batches.flat()).toEqual(Array.from({ length: 40_000 }, (_, pos) => message(pos)));
    // No task handed over more than a slice's worth of the body.
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(Math.ceil(MAX_BYTES_PER_TASK / line(0).length) + 1);
    }
  });

  it('reports a drop when the body ends without eof', async () => {
    const stream = serveStream();
    const { reported } = listen();
    stream.write(line(0));
    stream.close();
    await waitUntil(() => expect(reported.at(-1)).toEqual({ end: false }));
    expect(reported).toEqual(['open', [message(0)], { end: false }]);
  });

  it("reports a failed call as a drop and logs the server's message", async () => {
    server.use(
      http.get(`*${PATH}`, () =>
        HttpResponse.json({ message: 'sql: no rows in result set' }, { status: 404 }),
      ),
    );
    const { reported } = listen();
    await waitUntil(() => expect(reported).toEqual([{ end: false }]));
    expect(console.warn).toHaveBeenCalledWith(`GET ${PATH}: sql: no rows in result set`);
  });

  it('refuses a path off the server before anything is sent', async () => {
    const { reported } = listen('//evil.example/api/stream/o/r/1/1/1');
    await waitUntil(() => expect(reported).toEqual([{ end: false }]));
    expect(vi.mocked(console.warn).mock.calls[0]?.[0]).toContain('Refused');
  });

  it('closing aborts the call: the server sees it, and nothing more is reported', async () => {
    const stream = serveStream();
    const { reported, close } = listen();
    stream.write(line(0));
    await waitUntil(() => expect(reported).toHaveLength(2));
    close();
    await waitUntil(() => expect(stream.served.request!.signal.aborted).toBe(true));
    stream.write(line(1) + EOF);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reported).toEqual(['open', [message(0)]]);
    expect(console.warn).not.toHaveBeenCalled();
  });
});
