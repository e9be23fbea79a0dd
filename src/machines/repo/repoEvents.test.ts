import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import type { Repository, Status } from '../../api/types';
import { fixReconnectJitter } from '../../../tests/drivers/reconnect';
import { RECONNECT_MAX_DELAY } from '../runtime/reconnect';
import { fakeEventStreams } from '../../../tests/drivers/logStream';
import { fakeFrames } from '../../../tests/fakeFrames';
import { makeBuild, makeRepo } from '../../../tests/factories';
import {
  createServerEventsListener,
  HIDDEN_PAUSE_DELAY,
  repoEventsMachine,
} from './repoEvents.machine';

/** One fake stream per connection; the test plays the server through `send`. */
interface FakeSource {
  closed: boolean;
  send: (event: AnyEventObject) => void;
}

function start() {
  const sources: FakeSource[] = [];
  let page: ((event: AnyEventObject) => void) | undefined;
  const machine = repoEventsMachine.provide({
    actors: {
      listenServerEvents: fromCallback<{ type: 'noop' }, { path: string }>(({ sendBack }) => {
        const source: FakeSource = { closed: false, send: sendBack };
        sources.push(source);
        return () => void (source.closed = true);
      }),
      watchPageVisibility: fromCallback<{ type: 'noop' }, { hiddenAfterMs: number }>(
        ({ sendBack }) => {
          page = sendBack;
        },
      ),
    },
  });
  const actor = createActor(machine).start();
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type));
  const latest = () => sources.at(-1)!;
  return { actor, sources, latest, emitted, page: (type: string) => page!({ type }) };
}

const repo = { slug: 'acme/api' } as Repository;

describe('repoEvents machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const waitAfter = fixReconnectJitter();

  it('passes repository events on to listeners', () => {
    const { latest, emitted } = start();
    latest().send({ type: 'source.open' });
    latest().send({ type: 'source.messages', repos: [repo, { slug: 'acme/web' } as Repository] });
    expect(emitted).toEqual(['repo.updated', 'repo.updated']);
  });

  it("reconnects with the policy's growing back-off after drops, then announces the reconnection", () => {
    const { sources, latest, emitted } = start();
    latest().send({ type: 'source.open' });
    latest().send({ type: 'source.closed' });
    expect(sources[0]!.closed).toBe(true);
    vi.advanceTimersByTime(waitAfter(1) - 1);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    latest().send({ type: 'source.closed' });
    vi.advanceTimersByTime(waitAfter(2) - 1);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    latest().send({ type: 'source.open' });
    expect(emitted).toEqual(['stream.reconnected']);
  });

  it('starts the back-off over once a connection opens', () => {
    const { sources, latest } = start();
    latest().send({ type: 'source.closed' });
    vi.advanceTimersByTime(waitAfter(1));
    latest().send({ type: 'source.closed' });
    vi.advanceTimersByTime(waitAfter(2));
    latest().send({ type: 'source.open' });
    latest().send({ type: 'source.closed' });
    vi.advanceTimersByTime(waitAfter(1) - 1);
    expect(sources).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(4);
  });

  it('never waits longer than the maximum back-off', () => {
    const { sources, latest } = start();
    for (let i = 0; i < 10; i++) {
      latest().send({ type: 'source.closed' });
      vi.advanceTimersByTime(RECONNECT_MAX_DELAY);
    }
    expect(sources).toHaveLength(11);
  });

  it('closes the stream while the tab is hidden and reconnects with a refetch when shown', () => {
    const { actor, sources, latest, emitted, page } = start();
    latest().send({ type: 'source.open' });
    page('page.hidden');
    expect(actor.getSnapshot().value).toBe('paused');
    expect(sources[0]!.closed).toBe(true);
    vi.advanceTimersByTime(10 * RECONNECT_MAX_DELAY);
    expect(sources).toHaveLength(1);
    page('page.visible');
    expect(sources).toHaveLength(2);
    latest().send({ type: 'source.open' });
    expect(emitted).toEqual(['stream.reconnected']);
  });

  it('does not reconnect during a back-off wait while the tab is hidden', () => {
    const { actor, sources, latest, page } = start();
    latest().send({ type: 'source.closed' });
    page('page.hidden');
    vi.advanceTimersByTime(RECONNECT_MAX_DELAY);
    expect(actor.getSnapshot().value).toBe('paused');
    expect(sources).toHaveLength(1);
  });
});

describe('listenServerEvents', () => {
  /** The listener alone, under a parent that records what it sends back. */
  function listen() {
    const streams = fakeEventStreams();
    const frames = fakeFrames();
    const received: AnyEventObject[] = [];
    const parent = createActor(
      repoEventsMachine.provide({
        actors: {
          listenServerEvents: createServerEventsListener(streams.connect, frames.schedule),
          watchPageVisibility: fromCallback(() => undefined) as never,
        },
      }),
    );
    parent.subscribe(() => undefined);
    parent.on('*', (event) => received.push(event));
    parent.start();
    return { streams, received, parent, frames };
  }
  const event = (data: string) => ({ type: 'message', data, lastEventId: '' });

  it('reads /api/stream and passes the events of a frame on, skipping malformed ones', () => {
    const { streams, received, frames } = listen();
    const connection = streams.latest();
    expect(connection.path).toBe('/api/stream');
    connection.open();
    connection.events([
      event(JSON.stringify({ slug: 'acme/api' })),
      event('{not json'),
      event(JSON.stringify({ slug: 'acme/web' })),
    ]);
    expect(received).toEqual([]);
    frames.paint();
    expect(received).toEqual([
      { type: 'repo.updated', repo: { slug: 'acme/api' } },
      { type: 'repo.updated', repo: { slug: 'acme/web' } },
    ]);
  });

  // Issue 28 item 5: a flood of events (100,000 a second) took one transition each, in this
  // machine and every page that follows it; the tab froze in 6-second tasks.
  it("hands a frame's flood over once, only the latest of each repository's build", () => {
    const { streams, received, frames } = listen();
    const connection = streams.latest();
    connection.open();
    const api = (number: number, status: Status, updated: number) =>
      makeRepo({
        id: 1,
        slug: 'acme/api',
        build: makeBuild({ id: 100 + number, number, status }),
        updated,
      });
    // Ten chunks of a thousand events about two overlapping builds of acme/api, and acme/web.
    for (let chunk = 0; chunk < 10; chunk += 1) {
      connection.events(
        Array.from({ length: 1000 }, (_, index) => {
          const at = chunk * 1000 + index;
          return event(JSON.stringify(at % 2 ? api(7, 'running', at) : api(8, 'running', at)));
        }),
      );
    }
    const web = makeRepo({ id: 2, slug: 'acme/web', build: makeBuild({ id: 300, number: 3 }) });
    connection.events([
      event(JSON.stringify(api(7, 'success', 10_000))),
      event(JSON.stringify(web)),
    ]);
    expect(received).toEqual([]);
    expect(frames.waiting).toBe(1);
    frames.paint();
    expect(received).toEqual([
      { type: 'repo.updated', repo: api(8, 'running', 9998) },
      { type: 'repo.updated', repo: api(7, 'success', 10_000) },
      { type: 'repo.updated', repo: web },
    ]);
    // The next frame carries only what came after.
    connection.events([event(JSON.stringify(web))]);
    frames.paint();
    expect(received).toHaveLength(4);
  });

  it('hands over what arrived before the stream ended, and nothing once it is closed', () => {
    vi.useFakeTimers();
    try {
      const { streams, received, frames, parent } = listen();
      streams.latest().events([event(JSON.stringify({ slug: 'acme/api' }))]);
      streams.latest().eof();
      expect(received).toEqual([{ type: 'repo.updated', repo: { slug: 'acme/api' } }]);
      vi.advanceTimersByTime(RECONNECT_MAX_DELAY);
      streams.latest().events([event(JSON.stringify({ slug: 'acme/web' }))]);
      parent.send({ type: 'stream.stop' });
      expect(frames.waiting).toBe(0);
      frames.paint();
      expect(received).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends the connection on eof or a drop and closes it when stopped', () => {
    vi.useFakeTimers();
    try {
      const { streams, parent } = listen();
      streams.latest().eof();
      expect(parent.getSnapshot().value).toBe('waiting');
      vi.advanceTimersByTime(RECONNECT_MAX_DELAY);
      expect(streams.connections).toHaveLength(2);
      streams.latest().drop();
      expect(parent.getSnapshot().value).toBe('waiting');
      vi.advanceTimersByTime(RECONNECT_MAX_DELAY);
      parent.send({ type: 'stream.stop' });
      expect(streams.connections.map((connection) => connection.closed)).toEqual([
        true,
        true,
        true,
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('watchPageVisibility in the repoEvents machine', () => {
  let hidden = false;
  const descriptor = Object.getOwnPropertyDescriptor(document, 'hidden');
  beforeEach(() => {
    vi.useFakeTimers();
    hidden = false;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  });
  afterEach(() => {
    vi.useRealTimers();
    if (descriptor) Object.defineProperty(document, 'hidden', descriptor);
    else delete (document as unknown as Record<string, unknown>).hidden;
  });
  const setHidden = (value: boolean) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('reports a tab hidden for the whole delay, and only then its return', () => {
    const parent = createActor(
      repoEventsMachine.provide({
        actors: { listenServerEvents: fromCallback(() => undefined) as never },
      }),
    ).start();
    setHidden(true);
    vi.advanceTimersByTime(HIDDEN_PAUSE_DELAY - 1);
    setHidden(false);
    setHidden(true);
    vi.advanceTimersByTime(HIDDEN_PAUSE_DELAY - 1);
    expect(parent.getSnapshot().value).not.toBe('paused');
    vi.advanceTimersByTime(1);
    expect(parent.getSnapshot().value).toBe('paused');
    setHidden(false);
    expect(parent.getSnapshot().value).toEqual({ live: 'connecting' });
    parent.stop();
  });
});
