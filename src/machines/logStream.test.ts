import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import type { Line } from '../api/types';
import {
  createLogSourceListener,
  LOG_BATCH_DELAY,
  logStreamMachine,
  RECONNECT_BASE_DELAY,
  type LogLinesEvent,
} from './logStream.machine';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  send(...lines: Line[]) {
    for (const line of lines)
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(line) }));
  }
  /** Drone's end of stream: `event: error` + `data: eof` reaches onerror as a MessageEvent. */
  eof() {
    this.onerror?.(new MessageEvent('error', { data: 'eof' }));
  }
  /** A dropped connection: a plain error Event. */
  drop() {
    this.onerror?.(new Event('error'));
  }
}

const line = (pos: number): Line => ({ pos, out: `line ${pos}\n`, time: pos });
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => line(from + index));
const latest = () => FakeEventSource.instances.at(-1)!;

/** A parent that records the batches the stream hands over, as the console machine would. */
function startHarness() {
  const stream = logStreamMachine.provide({
    actors: {
      listenLogSource: createLogSourceListener(
        (url) => new FakeEventSource(url) as unknown as EventSource,
      ),
    },
  });
  const parent = setup({
    types: { context: {} as { batches: Line[][] }, events: {} as LogLinesEvent },
    actors: { stream },
  }).createMachine({
    context: { batches: [] },
    initial: 'streaming',
    states: {
      streaming: {
        invoke: {
          id: 'stream',
          src: 'stream',
          input: { url: '/api/stream/o/r/1/1/2' },
          onDone: 'ended',
        },
      },
      ended: {},
    },
    on: {
      'log.lines': {
        actions: assign({ batches: ({ context, event }) => [...context.batches, event.lines] }),
      },
    },
  });
  const actor = createActor(parent).start();
  const positions = () =>
    actor
      .getSnapshot()
      .context.batches.flat()
      .map((l) => l.pos);
  return { actor, positions };
}

describe('logStream machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens one EventSource on the step stream URL', () => {
    startHarness();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe('/api/stream/o/r/1/1/2');
  });

  it('hands lines over in batches every 250 ms', () => {
    const { actor } = startHarness();
    latest().open();
    latest().send(line(0), line(1));
    vi.advanceTimersByTime(100);
    latest().send(line(2));
    expect(actor.getSnapshot().context.batches).toEqual([]);
    vi.advanceTimersByTime(LOG_BATCH_DELAY - 100);
    expect(actor.getSnapshot().context.batches).toEqual([[line(0), line(1), line(2)]]);
    latest().send(line(3));
    vi.advanceTimersByTime(LOG_BATCH_DELAY - 1);
    expect(actor.getSnapshot().context.batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.batches).toEqual([[line(0), line(1), line(2)], [line(3)]]);
  });

  it('ends on eof: flushes what is buffered, stops and closes the EventSource', () => {
    const { actor, positions } = startHarness();
    latest().open();
    latest().send(line(0), line(1));
    latest().eof();
    expect(positions()).toEqual([0, 1]);
    expect(actor.getSnapshot().value).toBe('ended');
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('reconnects with back-off after a drop and does not duplicate replayed lines', () => {
    const { positions } = startHarness();
    latest().open();
    latest().send(...range(0, 5));
    latest().drop();
    expect(latest().closed).toBe(true);
    expect(positions()).toEqual([0, 1, 2, 3, 4]);

    vi.advanceTimersByTime(RECONNECT_BASE_DELAY - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);

    // The server replays its history first, then the lines produced meanwhile.
    latest().drop(); // fails again before opening: the next wait doubles
    vi.advanceTimersByTime(RECONNECT_BASE_DELAY);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(RECONNECT_BASE_DELAY);
    expect(FakeEventSource.instances).toHaveLength(3);

    latest().open();
    latest().send(...range(0, 8));
    vi.advanceTimersByTime(LOG_BATCH_DELAY);
    expect(positions()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('resets the back-off once a connection opens', () => {
    startHarness();
    latest().drop();
    vi.advanceTimersByTime(RECONNECT_BASE_DELAY);
    latest().drop();
    vi.advanceTimersByTime(RECONNECT_BASE_DELAY * 2);
    latest().open();
    latest().drop();
    vi.advanceTimersByTime(RECONNECT_BASE_DELAY);
    expect(FakeEventSource.instances).toHaveLength(4);
  });

  it('skips malformed events', () => {
    const { positions } = startHarness();
    latest().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    latest().onmessage?.(new MessageEvent('message', { data: '{"foo":1}' }));
    latest().send(line(0));
    vi.advanceTimersByTime(LOG_BATCH_DELAY);
    expect(positions()).toEqual([0]);
  });

  it('closes the EventSource when the stream is stopped (step or page change)', () => {
    const { actor } = startHarness();
    latest().open();
    latest().send(line(0));
    actor.stop();
    expect(latest().closed).toBe(true);
  });

  it('holds lines while the tab is hidden and hands them over at once when it is shown', () => {
    let hidden = false;
    const descriptor = Object.getOwnPropertyDescriptor(document, 'hidden');
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    const setHidden = (value: boolean) => {
      hidden = value;
      document.dispatchEvent(new Event('visibilitychange'));
      vi.advanceTimersByTime(0);
    };
    try {
      const { actor, positions } = startHarness();
      latest().open();
      setHidden(true);
      latest().send(line(0), line(1));
      vi.advanceTimersByTime(LOG_BATCH_DELAY * 10);
      latest().send(line(2));
      vi.advanceTimersByTime(LOG_BATCH_DELAY * 10);
      expect(actor.getSnapshot().context.batches).toEqual([]);
      setHidden(false);
      expect(actor.getSnapshot().context.batches).toEqual([[line(0), line(1), line(2)]]);
      // Visible again: back to a batch every 250 ms.
      latest().send(line(3));
      vi.advanceTimersByTime(LOG_BATCH_DELAY);
      expect(positions()).toEqual([0, 1, 2, 3]);
    } finally {
      if (descriptor) Object.defineProperty(document, 'hidden', descriptor);
      else delete (document as unknown as Record<string, unknown>).hidden;
    }
  });
});
