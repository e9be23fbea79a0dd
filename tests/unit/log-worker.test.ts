// @vitest-environment node
// A stored log read the browser's way (src/api/readStoredLog.ts): the log worker asks for it,
// parses the body as it arrives and posts the lines back (in the in-page demo the page asks and
// passes the body on). The worker's module runs here in-process behind a Worker stand-in; the mock
// server answers the request.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { benchLine, benchLogChunks } from '../../fixtures/bench-logs';
import { bodyOf, GENERATED_LOG_HEADER, generatedLogSource } from '../../mock-server/generated';
import { ApiError } from '../../src/api/client';
import { AHEAD_MS } from '../../src/boot/ahead';
import {
  LOG_REQUEST_MEASURE,
  loadStoredLogInWorker,
  startLogWorkerAhead,
  takeLogBodies,
  warmIntlAhead,
} from '../../src/api/readStoredLog';
import { setupMockServer } from '../mockServer';

const server = setupMockServer();
const URL = 'http://localhost/api/repos/acme/logs/builds/1/logs/1/1';
const target = { url: URL, headers: {} };
const answer = (response: () => Response) => server.use(http.get(URL, response));

/** A worker's module, loaded afresh per instance with `self` standing for its global scope. */
class InProcessWorker {
  static instances: InProcessWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: Array<{ type: string } | string> = [];
  terminated = false;
  private scope = {
    onmessage: null as ((event: { data: unknown }) => void) | null,
    postMessage: (data: unknown) => {
      if (!this.terminated) queueMicrotask(() => this.onmessage?.({ data }));
    },
  };
  /** The worker's module has run. */
  readonly ready: Promise<void>;

  constructor(readonly url: URL | string) {
    InProcessWorker.instances.push(this);
    vi.stubGlobal('self', this.scope);
    vi.resetModules();
    this.ready = import(/* @vite-ignore */ String(url)).then(() => undefined);
  }

  postMessage(data: { type: string } | string) {
    this.received.push(data);
    void this.ready.then(() => this.scope.onmessage?.({ data }));
  }

  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  InProcessWorker.instances = [];
  vi.stubGlobal('Worker', InProcessWorker);
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const load = () => loadStoredLogInWorker(target)!;
const kinds = () =>
  InProcessWorker.instances[0]!.received.map((message) =>
    typeof message === 'string' ? message : message.type,
  );

describe('a stored log read in the worker', () => {
  it('asks for the log in the worker, which parses the body into lines as it arrives', async () => {
    answer(() => new HttpResponse(bodyOf(benchLogChunks(45_000, 3))));
    const lines = await load();
    // The body is read on the worker's thread, not passed on by a page busy rendering (issue 32).
    expect(kinds()).toEqual(['fetch']);
    expect(lines.length).toBe(45_000);
    expect(lines.outAt(20_001)).toBe(`${benchLine(3, 20_001)}\n`);
    expect(lines.outAt(44_999)).toBe(`${benchLine(3, 44_999)}\n`);
    expect(InProcessWorker.instances[0]!.terminated).toBe(true);
  });

  it("puts the worker's request in the page's timeline, where the page's own are (npm run bench)", async () => {
    performance.clearMeasures(LOG_REQUEST_MEASURE);
    answer(() => new HttpResponse(bodyOf(benchLogChunks(10, 3))));
    const asked = performance.now();
    await load();
    const [request] = performance.getEntriesByName(LOG_REQUEST_MEASURE, 'measure');
    expect(request).toMatchObject({ detail: URL });
    expect(request!.startTime).toBeGreaterThanOrEqual(asked);
    expect(request!.startTime + request!.duration).toBeLessThanOrEqual(performance.now());
  });

  it('reads an answer without a body as an empty log, and still measures its request', async () => {
    performance.clearMeasures(LOG_REQUEST_MEASURE);
    answer(() => new HttpResponse(null, { status: 204 }));
    expect((await load()).length).toBe(0);
    expect(performance.getEntriesByName(LOG_REQUEST_MEASURE, 'measure')).toHaveLength(1);
  });

  it('takes the worker started ahead (boot, a log view): its script loads while the build is asked for', async () => {
    answer(() => new HttpResponse(bodyOf(benchLogChunks(1_000, 3))));
    startLogWorkerAhead();
    startLogWorkerAhead(); // One waits at a time.
    expect(InProcessWorker.instances).toHaveLength(1);
    expect((await load()).length).toBe(1_000);
    expect(InProcessWorker.instances).toHaveLength(1);
    expect(kinds()).toEqual(['fetch']);
    await load(); // Taken once: the next read starts its own.
    expect(InProcessWorker.instances).toHaveLength(2);
  });

  it("has the worker started ahead load the page language's Intl data once the log's request has left", async () => {
    answer(() => new HttpResponse(bodyOf(benchLogChunks(1_000, 3))));
    const order: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((...args) => {
      order.push('request');
      return realFetch(...args);
    });
    const RelativeTimeFormat = Intl.RelativeTimeFormat;
    vi.spyOn(Intl, 'RelativeTimeFormat').mockImplementation(function (language, options) {
      order.push(`Intl data of ${String(language)}`);
      return new RelativeTimeFormat(language, options);
    });
    startLogWorkerAhead();
    warmIntlAhead('zh-CN');
    expect((await load()).length).toBe(1_000);
    // The page's first relative time then finds the data loaded (a process's threads share it).
    expect(order).toEqual(['request', 'Intl data of zh-CN']);
    warmIntlAhead('en'); // No worker waits: nothing to do.
    await load();
    expect(order).toEqual(['request', 'Intl data of zh-CN', 'request']);
  });

  it('lets a worker started ahead go when no read takes it (a running step has no stored log)', async () => {
    vi.useFakeTimers();
    try {
      startLogWorkerAhead();
      await InProcessWorker.instances[0]!.ready;
      vi.advanceTimersByTime(AHEAD_MS);
      expect(InProcessWorker.instances[0]!.terminated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("fails with the server's answer and gives the worker nothing to parse", async () => {
    answer(() => HttpResponse.json({ message: 'sql: no rows in result set' }, { status: 404 }));
    const error = await load().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'sql: no rows in result set' });
    expect(kinds()).toEqual(['fetch']);
    expect(InProcessWorker.instances[0]!.terminated).toBe(true);
  });

  it('fails with the parser message for a body that is not a log', async () => {
    answer(() => HttpResponse.text('<html>Bad Gateway</html>'));
    await expect(load()).rejects.toThrow(/JSON/);
  });

  it("reads a demo log from the generator's worker when the in-page mock names it", async () => {
    // As mock-server/browser.ts hooks the in-page demo in (the generator's worker, unbundled).
    const generator = new globalThis.URL(
      '../../mock-server/logGenerator.worker.ts',
      import.meta.url,
    ).href;
    takeLogBodies((response) => generatedLogSource(response, generator));
    answer(() => new HttpResponse('', { headers: { [GENERATED_LOG_HEADER]: 'bench:3000:7' } }));
    const lines = await load();
    expect(kinds()).toEqual(['workerBody']);
    expect(lines.length).toBe(3000);
    expect(lines.outAt(2999)).toBe(`${benchLine(7, 2999)}\n`);
  });

  it('passes on the body of a demo answer that names no generated log, as it arrives', async () => {
    takeLogBodies(() => null); // The in-page demo is on; this answer is a fixture's log.
    answer(() => new HttpResponse(bodyOf(benchLogChunks(45_000, 3))));
    const lines = await load();
    expect(kinds().at(-1)).toBe('end');
    expect(
      kinds()
        .slice(0, -1)
        .every((kind) => kind === 'chunk'),
    ).toBe(true);
    expect(lines.length).toBe(45_000);
  });

  it("fails with the server's answer to the demo's page, and the worker gets nothing", async () => {
    answer(() => HttpResponse.json({ message: 'sql: no rows in result set' }, { status: 404 }));
    const error = await load().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, message: 'sql: no rows in result set' });
    expect(kinds()).toEqual([]);
    await InProcessWorker.instances[0]!.ready; // Its module has run before `self` is unstubbed.
  });
});
