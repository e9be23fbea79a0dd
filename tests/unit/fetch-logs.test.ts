// @vitest-environment node
// A stored log read through the API client as it streams (the worker-free path of
// src/logs/readStoredLog.ts): a long log in chunks, `null`, and failures on the one error path.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { benchLine, benchLogChunks } from '../../fixtures/bench-logs';
import { ApiError } from '../../src/api/client';
import { deleteStepLog } from '../../src/api/logDelete';
import { fetchLogs, prefetchLogs } from '../../src/api/logs';
import { setupMockServer } from '../mockServer';

const server = setupMockServer();
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

const ref = { namespace: 'acme', name: 'logs', build: 1, stage: 1, step: 1 };
const answer = (response: () => Response) =>
  server.use(http.get('*/api/repos/acme/logs/builds/1/logs/1/1', response));

function streamOf(chunks: Iterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.iterator]();
  return new ReadableStream({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}

async function failure(): Promise<ApiError> {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = await fetchLogs(ref).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('/logs/1/1: '));
  return error as ApiError;
}

describe('fetchLogs', () => {
  it('reads a long log arriving in chunks into lines', async () => {
    answer(() => new HttpResponse(streamOf(benchLogChunks(45_000, 3))));
    const lines = await fetchLogs(ref);
    expect(lines.length).toBe(45_000);
    expect(lines.posAt(44_999)).toBe(44_999);
    expect(lines.outAt(12_345)).toBe(`${benchLine(3, 12_345)}\n`);
    expect(lines.timeAt(44_999)).toBe(22);
  });

  it('reads a step that printed nothing (`null`) as no lines', async () => {
    answer(() => HttpResponse.text('null\n'));
    expect((await fetchLogs(ref)).length).toBe(0);
  });

  it("fails with the server's message", async () => {
    answer(() => HttpResponse.json({ message: 'sql: no rows in result set' }, { status: 404 }));
    expect(await failure()).toMatchObject({ status: 404, message: 'sql: no rows in result set' });
  });

  it('fails with the parser message when a 200 body is cut short', async () => {
    answer(() => HttpResponse.text('[{"pos":0,"out":"a\\n","time":0},{"pos":1,"ou'));
    const error = await failure();
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/JSON/);
  });
});

describe('prefetchLogs', () => {
  const NO_ROWS = () =>
    HttpResponse.json({ message: 'sql: no rows in result set' }, { status: 404 });

  it('asks once: fetchLogs takes the answer of the request made ahead', async () => {
    let requests = 0;
    answer(() => {
      requests += 1;
      return HttpResponse.text('[{"pos":0,"out":"early\\n","time":0}]');
    });
    prefetchLogs(ref);
    prefetchLogs(ref); // The build page asks again (a remount): still one request.
    const lines = await fetchLogs(ref);
    expect([requests, lines.outAt(0)]).toEqual([1, 'early\n']);
    // Taken once; a later read shares the lines a reader still holds (fetchLogs, `shared`).
    expect(await fetchLogs(ref)).toBe(lines);
    expect(requests).toBe(1);
  });

  it('drops a failed early answer quietly and asks again (the step had not finished)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bodies = [NO_ROWS, () => HttpResponse.text('[{"pos":0,"out":"done\\n","time":1}]')];
    answer(() => bodies.shift()!());
    prefetchLogs(ref);
    const lines = await fetchLogs(ref);
    expect(lines.outAt(0)).toBe('done\n');
    expect(bodies).toHaveLength(0);
    expect(warn).not.toHaveBeenCalled();
  });

  it("does not serve another step's log", async () => {
    answer(() => HttpResponse.text('[{"pos":0,"out":"step 1\\n","time":0}]'));
    server.use(
      http.get('*/api/repos/acme/logs/builds/1/logs/1/2', () =>
        HttpResponse.text('[{"pos":0,"out":"step 2\\n","time":0}]'),
      ),
    );
    prefetchLogs(ref);
    expect((await fetchLogs({ ...ref, step: 2 })).outAt(0)).toBe('step 2\n');
    // Still waiting for its own step's read.
    expect((await fetchLogs(ref)).outAt(0)).toBe('step 1\n');
  });
});

describe('one read per stored log', () => {
  const LOG = () => HttpResponse.text('[{"pos":0,"out":"failed\\n","time":0}]');
  function counted(response: () => Response) {
    const count = { requests: 0 };
    answer(() => {
      count.requests += 1;
      return response();
    });
    return count;
  }

  it('serves readers at once (the console, the failure summary) from one request', async () => {
    const count = counted(LOG);
    const [console, summary] = await Promise.all([fetchLogs(ref), fetchLogs(ref)]);
    expect(summary).toBe(console);
    expect(count.requests).toBe(1);
  });

  it('serves a later reader the lines an earlier one still holds', async () => {
    const count = counted(LOG);
    const shown = await fetchLogs(ref);
    expect(await fetchLogs(ref)).toBe(shown);
    expect(await fetchLogs({ ...ref, tailFirst: true })).toBe(shown);
    expect(count.requests).toBe(1);
  });

  it('asks again after a failed read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bodies = [() => HttpResponse.json({ message: 'boom' }, { status: 500 }), LOG];
    const count = counted(() => bodies.shift()!());
    await expect(fetchLogs(ref)).rejects.toThrow('boom');
    expect((await fetchLogs(ref)).outAt(0)).toBe('failed\n');
    expect(count.requests).toBe(2);
  });

  it('asks again once the log is deleted', async () => {
    server.use(
      http.delete(
        '*/api/repos/acme/logs/builds/1/logs/1/1',
        () => new HttpResponse(null, { status: 204 }),
      ),
    );
    const count = counted(LOG);
    const before = await fetchLogs(ref);
    await deleteStepLog(ref);
    expect(await fetchLogs(ref)).not.toBe(before);
    expect(count.requests).toBe(2);
  });
});
