// The mock server's pubsub (repository events, docs/drone-api.md 5.2), its live log streams (5.3) and
// the server-sent-event byte helpers the stream handlers answer with (5.1).
import type { Line, Repository } from '../src/api/types';
import type { Clock, TimerHandle } from './clock';
import { db } from './db';
import { goEncode, goJson } from './gojson';
import type { EventBus, LiveLogs } from './runtime';
import { serializeBuild, serializeRepo } from './serialize';

/** Drone's livelog buffer: a subscriber first gets up to this many of the latest lines. */
export const LOG_HISTORY_LIMIT = 5000;
/** Keepalive comment after this much silence (docs/drone-api.md 5.1). */
export const KEEPALIVE_MS = 30_000;

export const SSE_PING = ': ping\n\n';
export const SSE_EOF = 'event: error\ndata: eof\n\n';
/** The whole answer of the log stream when the step has no live stream (docs/drone-api.md 5.3). */
export const SSE_NO_LIVE_STREAM = SSE_PING + SSE_EOF;

/**
 * The repository with the build that changed, its stages and steps, as the events carry it
 * (docs/drone-api.md 5.2: the manager sets `repo.Build` to the build it updated). Not the
 * repository's latest build: with two builds running, the older one's finish would otherwise
 * reach the console as the newer one's progress.
 */
export function repositoryEvent(repoId: number, buildId: number): Repository | null {
  const repo = db.repo.findFirst({ where: { id: { equals: repoId } } });
  const build = db.build.findFirst({ where: { id: { equals: buildId } } });
  if (!repo || !build || build.repo_id !== repoId) return null;
  // No `permissions`: Drone marshals the repository before any perm is attached.
  return serializeRepo(repo, { build: serializeBuild(build, true) });
}

export function createEventBus(): EventBus {
  const listeners = new Set<(event: Repository) => void>();
  return {
    publish(repoId, buildId) {
      // Serialising is the expensive part; skip it while nobody listens (e.g. seeding history).
      if (listeners.size === 0) return;
      const event = repositoryEvent(repoId, buildId);
      if (!event) return;
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          console.error('mock server: event listener failed', error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    subscribers: () => listeners.size,
  };
}

interface Subscriber {
  onLine: (line: Line) => void;
  onEnd: () => void;
}

interface LiveStream {
  /** Every line of the step, so close() can hand them to the log store. */
  lines: Line[];
  subscribers: Set<Subscriber>;
}

export function createLiveLogs(): LiveLogs {
  const streams = new Map<number, LiveStream>();
  return {
    isLive: (stepId) => streams.has(stepId),
    open(stepId) {
      if (!streams.has(stepId)) streams.set(stepId, { lines: [], subscribers: new Set() });
    },
    append(stepId, line) {
      const stream = streams.get(stepId);
      if (!stream) return;
      stream.lines.push(line);
      for (const subscriber of [...stream.subscribers]) subscriber.onLine(line);
    },
    close(stepId) {
      const stream = streams.get(stepId);
      if (!stream) return [];
      streams.delete(stepId);
      for (const subscriber of [...stream.subscribers]) subscriber.onEnd();
      stream.subscribers.clear();
      return stream.lines;
    },
    subscribe(stepId, onLine, onEnd) {
      const stream = streams.get(stepId);
      if (!stream) {
        // Like livelog's Tail returning nil: the caller ends its response at once.
        onEnd();
        return () => {};
      }
      const subscriber: Subscriber = { onLine, onEnd };
      for (const line of stream.lines.slice(-LOG_HISTORY_LIMIT)) onLine(line);
      stream.subscribers.add(subscriber);
      return () => {
        stream.subscribers.delete(subscriber);
      };
    },
    subscriberCounts: () =>
      new Map([...streams].map(([stepId, stream]) => [stepId, stream.subscribers.size])),
  };
}

/** What a stream source writes to; `end` sends Drone's eof event and closes the response. */
export interface SseSink {
  write(text: string): void;
  end(): void;
}

export interface SseOptions {
  clock: Clock;
  /**
   * The request: its signal firing (a client disconnect) stops the stream and unsubscribes. The
   * stream holds the request itself, not only its signal, for as long as it runs: undici links a
   * cloned request's signal to the original through a WeakRef, so once the Request object is
   * garbage-collected a disconnect never fires its signal and the subscription leaks.
   */
  request?: { readonly signal: AbortSignal };
  /** Subscribes to the source; returns the cleanup run when the stream stops for any reason. */
  start(sink: SseSink): (() => void) | void;
}

/**
 * A server-sent-event body: `: ping\n\n` first, then what the source writes, a ping after 30 s of
 * silence (on the injected clock), and `event: error\ndata: eof\n\n` when the source ends.
 */
export function createSseStream(options: SseOptions): ReadableStream<Uint8Array> {
  const { clock } = options;
  // Held in this closure (see SseOptions.request); dropped when the stream stops.
  let request = options.request;
  const signal = request?.signal;
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let stopped = false;
  let timer: TimerHandle | undefined;
  let cleanup: (() => void) | undefined;

  const arm = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = undefined;
      write(SSE_PING);
    }, KEEPALIVE_MS);
  };
  const write = (text: string) => {
    if (stopped || !controller) return;
    controller.enqueue(encoder.encode(text));
    arm();
  };
  const stop = (eof: boolean) => {
    if (stopped) return;
    if (eof) write(SSE_EOF);
    stopped = true;
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    signal?.removeEventListener('abort', onAbort);
    request = undefined;
    const done = cleanup;
    cleanup = undefined;
    done?.();
    try {
      controller?.close();
    } catch {
      // Already closed or cancelled by the reader.
    }
  };
  const onAbort = () => stop(false);

  return new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      write(SSE_PING);
      if (signal?.aborted) return stop(false);
      signal?.addEventListener('abort', onAbort);
      const result = options.start({ write, end: () => stop(true) });
      // The source may have ended synchronously (no live stream): then clean up right away.
      if (stopped) result?.();
      else cleanup = result ?? undefined;
    },
    cancel() {
      stop(false);
    },
  });
}

/** `data: <json>\n\n` per repository event that passes the filter (docs/drone-api.md 5.2). */
export function repositoryEventStream(options: {
  clock: Clock;
  bus: EventBus;
  request?: { readonly signal: AbortSignal };
  filter: (event: Repository) => boolean;
}): ReadableStream<Uint8Array> {
  return createSseStream({
    clock: options.clock,
    request: options.request,
    start: (sink) =>
      options.bus.subscribe((event) => {
        if (options.filter(event)) sink.write(`data: ${goJson(event)}\n\n`);
      }),
  });
}

/** One log line as Drone writes it: `data: ` + json.Encoder output + `\n\n` (three newlines). */
export function logLineEvent(line: Line): string {
  return `data: ${goEncode({ pos: line.pos, out: line.out, time: line.time })}\n\n`;
}

/** History then live lines of a step, eof when the step finishes; ping + eof if it is not live. */
export function logLineStream(options: {
  clock: Clock;
  logs: LiveLogs;
  stepId: number;
  request?: { readonly signal: AbortSignal };
}): ReadableStream<Uint8Array> {
  return createSseStream({
    clock: options.clock,
    request: options.request,
    start: (sink) => {
      if (!options.logs.isLive(options.stepId)) return sink.end();
      return options.logs.subscribe(
        options.stepId,
        (line) => sink.write(logLineEvent(line)),
        () => sink.end(),
      );
    },
  });
}

/** Response headers of every stream (docs/drone-api.md 5.1), CORS included when there is an Origin. */
export function sseHeaders(origin?: string | null): Headers {
  const headers = new Headers({
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    Pragma: 'no-cache',
    // chi's NoCache: time.Unix(0, 0).Format(time.RFC1123).
    Expires: 'Thu, 01 Jan 1970 00:00:00 UTC',
    'X-Accel-Expires': '0',
  });
  if (origin) {
    headers.set('Access-Control-Allow-Origin', origin);
    headers.set('Access-Control-Allow-Credentials', 'true');
    headers.set('Access-Control-Expose-Headers', 'Link');
    headers.set('Vary', 'Origin');
  }
  return headers;
}
