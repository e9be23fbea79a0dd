// @vitest-environment node
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Line, Repository } from '../src/api/types';
import { ManualClock } from './clock';
import { db, newId, resetDb } from './db';
import { createEngine } from './engine';
import { streamHandlers } from './handlers/stream';
import { runtime, setRuntime } from './runtime';
import {
  createEventBus,
  createLiveLogs,
  createSseStream,
  logLineStream,
  repositoryEventStream,
  SSE_NO_LIVE_STREAM,
} from './streams';
import { waitUntil } from '../tests/wait';

const decoder = new TextDecoder();

interface Tap {
  /** Whatever the stream has delivered by now (the streams enqueue synchronously). */
  drain(): Promise<string>;
  /** Everything until the stream ends; no idle window, so a slow machine cannot cut it short. */
  drainToEnd(): Promise<string>;
  cancel(): Promise<void>;
}

/** Reads a stream without losing chunks: a read still pending after a drain is kept for the next. */
function tap(stream: ReadableStream<Uint8Array>): Tap {
  const reader = stream.getReader();
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  return {
    async drain() {
      let text = '';
      for (;;) {
        pending ??= reader.read();
        const next = await Promise.race([
          pending,
          new Promise<'idle'>((resolve) => setTimeout(() => resolve('idle'), 20)),
        ]);
        if (next === 'idle') return text;
        pending = undefined;
        if (next.done) return `${text}<closed>`;
        text += decoder.decode(next.value);
      }
    },
    async drainToEnd() {
      let text = '';
      for (;;) {
        const next = await (pending ?? reader.read()).catch(() => ({
          done: true as const,
          value: undefined,
        }));
        pending = undefined;
        if (next.done) return `${text}<closed>`;
        text += decoder.decode(next.value);
      }
    },
    cancel: () => reader.cancel(),
  };
}

const line = (pos: number, out: string, time = 0): Line => ({ pos, out, time });

/** A full garbage collection now, so a test can check nothing it relies on is only weakly held. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('log line streams', () => {
  it('writes a ping, each line as data + json + three newlines, and eof at the end', async () => {
    const clock = new ManualClock();
    const logs = createLiveLogs();
    logs.open(7);
    logs.append(7, line(0, '+ go test ./...\n'));
    const reader = tap(logLineStream({ clock, logs, stepId: 7 }));
    expect(await reader.drain()).toBe(
      ': ping\n\ndata: {"pos":0,"out":"+ go test ./...\\n","time":0}\n\n\n',
    );
    logs.append(7, line(1, 'ok  \tgithub.com/octocat/hello\t0.012s <&>\n', 3));
    expect(await reader.drain()).toBe(
      'data: {"pos":1,"out":"ok  \\tgithub.com/octocat/hello\\t0.012s \\u003c\\u0026\\u003e\\n","time":3}\n\n\n',
    );
    expect(logs.close(7)).toHaveLength(2);
    expect(await reader.drainToEnd()).toBe('event: error\ndata: eof\n\n<closed>');
  });

  it('answers exactly a ping and eof when the step has no live stream', async () => {
    const reader = tap(
      logLineStream({ clock: new ManualClock(), logs: createLiveLogs(), stepId: 1 }),
    );
    expect(await reader.drainToEnd()).toBe(`${SSE_NO_LIVE_STREAM}<closed>`);
    expect(SSE_NO_LIVE_STREAM).toBe(': ping\n\nevent: error\ndata: eof\n\n');
  });

  it('replays at most the last 5000 lines of history to a new subscriber', () => {
    const logs = createLiveLogs();
    logs.open(3);
    for (let pos = 0; pos < 5100; pos++) logs.append(3, line(pos, `line ${pos}\n`));
    const seen: number[] = [];
    logs.subscribe(
      3,
      (l) => seen.push(l.pos),
      () => {},
    );
    expect(seen).toHaveLength(5000);
    expect(seen[0]).toBe(100);
    logs.append(3, line(5100, 'live\n'));
    expect(seen.at(-1)).toBe(5100);
    expect(logs.close(3)).toHaveLength(5101); // close hands every line to the log store
  });

  it('pings after 30 s of silence on the injected clock', async () => {
    const clock = new ManualClock();
    const logs = createLiveLogs();
    logs.open(1);
    const reader = tap(logLineStream({ clock, logs, stepId: 1 }));
    expect(await reader.drain()).toBe(': ping\n\n');
    clock.advance(29_999);
    expect(await reader.drain()).toBe('');
    clock.advance(1);
    expect(await reader.drain()).toBe(': ping\n\n');
    logs.append(1, line(0, 'x\n'));
    clock.advance(20_000);
    expect(await reader.drain()).toBe('data: {"pos":0,"out":"x\\n","time":0}\n\n\n');
    clock.advance(10_000);
    expect(await reader.drain()).toBe(': ping\n\n');
  });

  it('unsubscribes when the reader cancels or the request aborts', async () => {
    const clock = new ManualClock();
    let active = 0;
    const source = () => {
      active++;
      return () => void active--;
    };
    const reader = tap(createSseStream({ clock, start: source }));
    await reader.drain();
    expect(active).toBe(1);
    await reader.cancel();
    expect(active).toBe(0);
    expect(clock.pending).toBe(0); // the keepalive timer is gone too

    const controller = new AbortController();
    const second = tap(createSseStream({ clock, request: controller, start: source }));
    await second.drain();
    expect(active).toBe(1);
    controller.abort();
    expect(active).toBe(0);
    expect(await second.drainToEnd()).toBe('<closed>');
  });
});

describe('repository event streams', () => {
  beforeEach(() => resetDb());

  it('sends data + single-line json + two newlines for events that pass the filter', async () => {
    const bus = createEventBus();
    const clock = new ManualClock();
    const repo = db.repo.create({ id: newId(), slug: 'octocat/a<b>', visibility: 'public' });
    const other = db.repo.create({ id: newId(), slug: 'octocat/other', visibility: 'private' });
    const buildOf = (repoId: number) =>
      db.build.create({ id: newId(), repo_id: repoId, number: 1 }).id;
    const filter = (event: Repository) => event.visibility === 'public';
    const reader = tap(repositoryEventStream({ clock, bus, filter }));
    expect(await reader.drain()).toBe(': ping\n\n');
    bus.publish(repo.id, buildOf(repo.id));
    bus.publish(other.id, buildOf(other.id));
    const text = await reader.drain();
    expect(text.startsWith('data: {"id":')).toBe(true);
    expect(text.endsWith('}\n\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(3);
    expect(text).toContain('"slug":"octocat/a\\u003cb\\u003e"');
    expect(text).not.toContain('"permissions"');
    expect(text).not.toContain('octocat/other');
  });
});

describe('stream handlers', () => {
  const server = setupServer(...streamHandlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  let clock: ManualClock;
  let stepId = 0;
  beforeEach(() => {
    resetDb();
    clock = new ManualClock();
    const bus = createEventBus();
    const logs = createLiveLogs();
    const pipelines = {
      pipeline: () => null,
      head: () => ({
        sha: 'a',
        message: 'm',
        author: { login: '', name: '', email: '', avatar: '' },
      }),
      commit: () => undefined,
    };
    setRuntime({ clock, bus, logs, engine: createEngine({ clock, bus, logs, pipelines }) });
    const user = db.user.create({
      id: newId(),
      login: 'member',
      token: 't'.repeat(32),
      active: true,
    });
    const repo = db.repo.create({
      id: newId(),
      namespace: 'acme',
      name: 'api',
      slug: 'acme/api',
      visibility: 'private',
    });
    db.perm.create({ id: newId(), user_id: user.id, repo_id: repo.id, read: true });
    const build = db.build.create({ id: newId(), repo_id: repo.id, number: 1 });
    const stage = db.stage.create({ id: newId(), build_id: build.id, number: 1 });
    stepId = db.step.create({ id: newId(), step_id: stage.id, number: 1 }).id;
  });

  const get = (path: string, token = 't'.repeat(32), signal?: AbortSignal) =>
    fetch(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}` }, signal });

  it('answers a finished step with ping + eof and the SSE headers', async () => {
    const response = await get('/api/stream/acme/api/1/1/1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(await response.text()).toBe(': ping\n\nevent: error\ndata: eof\n\n');
  });

  it('streams a live step until it ends', async () => {
    const { logs } = runtime();
    logs.open(stepId);
    logs.append(stepId, line(0, 'hello\n'));
    const response = await get('/api/stream/acme/api/1/1/1');
    const reader = tap(response.body!);
    expect(await reader.drain()).toBe(': ping\n\ndata: {"pos":0,"out":"hello\\n","time":0}\n\n\n');
    logs.close(stepId);
    expect(await reader.drainToEnd()).toBe('event: error\ndata: eof\n\n<closed>');
  });

  it('rejects bad numbers and missing rows before streaming, and guards the repository', async () => {
    const bad = await get('/api/stream/acme/api/1/x/1');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('{"message":"strconv.Atoi: parsing \\"x\\": invalid syntax"}\n');
    const missing = await get('/api/stream/acme/api/1/1/9');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'sql: no rows in result set' });
    const guest = await fetch('http://localhost/api/stream/acme/api/1/1/1');
    expect(guest.status).toBe(401);
    const stranger = await get('/api/stream/acme/api/1/1/1', 'nobody');
    expect(stranger.status).toBe(401);
  });

  it('filters the global stream by what the caller could see at connect time', async () => {
    const { bus } = runtime();
    let listening = 0;
    const subscribe = bus.subscribe.bind(bus);
    bus.subscribe = (listener) => {
      const off = subscribe(listener);
      listening++;
      return () => {
        listening--;
        off();
      };
    };
    db.repo.create({ id: newId(), slug: 'acme/secret', visibility: 'private' });
    db.repo.create({ id: newId(), slug: 'acme/wiki', visibility: 'internal' });
    const disconnect = new AbortController();
    const member = tap((await get('/api/stream', 't'.repeat(32), disconnect.signal)).body!);
    const guest = tap((await fetch('http://localhost/api/stream')).body!);
    await member.drain();
    await guest.drain();
    for (const slug of ['acme/api', 'acme/secret', 'acme/wiki']) {
      const repoId = db.repo.findFirst({ where: { slug: { equals: slug } } })!.id;
      bus.publish(repoId, db.build.create({ id: newId(), repo_id: repoId, number: 9 }).id);
    }
    const seen = await member.drain();
    expect(seen).toContain('"slug":"acme/api"');
    expect(seen).toContain('"slug":"acme/wiki"');
    expect(seen).not.toContain('acme/secret');
    expect(await guest.drain()).toBe('');
    expect(listening).toBe(2);
    // A collection before the disconnect, as a loaded machine would run one: the abort must still
    // reach the handler (undici follows a cloned request's signal only while the Request lives).
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    disconnect.abort();
    // The disconnect reaches the handler through the request's signal: the member's subscription
    // ends, the guest's stays. (Whether msw then closes the client's body is msw's business.)
    await waitUntil(() => expect(listening).toBe(1));
    void guest.cancel();
  });
});
