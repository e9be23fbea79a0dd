import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { makeLine as line, makeLines as range } from '../../../tests/factories';
import type { Line } from '../../api/types';
import { fixReconnectJitter } from '../../../tests/drivers/reconnect';
import { fakeFrames } from '../../../tests/fakeFrames';
import { fakeEventStreams } from '../../../tests/drivers/logStream';
import { createLogSourceListener, logStreamMachine, type LogLinesEvent } from './logStream.machine';

let streams = fakeEventStreams();
const latest = () => streams.latest();

let frames = fakeFrames();

/** A parent that records the batches the stream hands over, as the console machine would. */
function startHarness() {
  const stream = logStreamMachine.provide({
    actors: {
      listenLogSource: createLogSourceListener(streams.connect, frames.schedule),
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
          input: { path: '/api/stream/o/r/1/1/2' },
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
    streams = fakeEventStreams();
    frames = fakeFrames();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const waitAfter = fixReconnectJitter();

  it('opens one connection on the step stream path', () => {
    startHarness();
    expect(streams.connections).toHaveLength(1);
    expect(latest().path).toBe('/api/stream/o/r/1/1/2');
  });

  it('hands the lines that arrived over together at the next animation frame', () => {
    const { actor } = startHarness();
    latest().open();
    latest().send(line(0), line(1));
    latest().send(line(2));
    // One frame asked for, however many chunks arrive before it; no timer involved.
    expect(frames.waiting).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.batches).toEqual([]);
    frames.paint();
    expect(actor.getSnapshot().context.batches).toEqual([[line(0), line(1), line(2)]]);
    latest().send(line(3));
    frames.paint();
    expect(actor.getSnapshot().context.batches).toEqual([[line(0), line(1), line(2)], [line(3)]]);
    // A frame with nothing new hands nothing over.
    frames.paint();
    expect(actor.getSnapshot().context.batches).toHaveLength(2);
  });

  it('holds lines while no frame comes (a hidden tab) and hands them over at once at the next', () => {
    const { actor, positions } = startHarness();
    latest().open();
    for (let pos = 0; pos < 1000; pos++) latest().send(line(pos));
    expect(actor.getSnapshot().context.batches).toEqual([]);
    frames.paint();
    expect(actor.getSnapshot().context.batches).toHaveLength(1);
    expect(positions()).toHaveLength(1000);
  });

  it('ends on eof: hands over what arrived, stops and closes the connection', () => {
    const { actor, positions } = startHarness();
    latest().open();
    latest().send(line(0), line(1));
    latest().eof();
    expect(positions()).toEqual([0, 1]);
    expect(actor.getSnapshot().value).toBe('ended');
    expect(latest().closed).toBe(true);
    expect(frames.waiting).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(streams.connections).toHaveLength(1);
  });

  it("reconnects with the policy's back-off after a drop and does not duplicate replayed lines", () => {
    const { positions } = startHarness();
    latest().open();
    latest().send(...range(0, 5));
    latest().drop();
    expect(latest().closed).toBe(true);
    expect(positions()).toEqual([0, 1, 2, 3, 4]);

    vi.advanceTimersByTime(waitAfter(1) - 1);
    expect(streams.connections).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(streams.connections).toHaveLength(2);

    // The server replays its history first, then the lines produced meanwhile.
    latest().drop(); // fails again before opening: the second attempt's wait
    vi.advanceTimersByTime(waitAfter(2) - 1);
    expect(streams.connections).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(streams.connections).toHaveLength(3);

    latest().open();
    latest().send(...range(0, 8));
    frames.paint();
    expect(positions()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('hands over nothing when a frame holds only lines already delivered', () => {
    const { actor } = startHarness();
    latest().open();
    latest().send(...range(0, 3));
    frames.paint();
    latest().send(...range(0, 3), line(1));
    frames.paint();
    expect(actor.getSnapshot().context.batches).toHaveLength(1);
  });

  it('resets the back-off once a connection opens', () => {
    startHarness();
    latest().drop();
    vi.advanceTimersByTime(waitAfter(1));
    latest().drop();
    vi.advanceTimersByTime(waitAfter(2));
    latest().open();
    latest().drop();
    vi.advanceTimersByTime(waitAfter(1) - 1);
    expect(streams.connections).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(streams.connections).toHaveLength(4);
  });

  it('skips malformed events and events that are not messages', () => {
    const { positions } = startHarness();
    const event = { type: 'message', lastEventId: '' };
    latest().events([
      { ...event, data: 'not json' },
      { ...event, data: '{"foo":1}' },
      { ...event, type: 'other', data: JSON.stringify(line(5)) },
    ]);
    expect(frames.waiting).toBe(0);
    latest().send(line(0));
    frames.paint();
    expect(positions()).toEqual([0]);
  });

  it('closes the connection and gives up its frame when the stream is stopped', () => {
    const { actor } = startHarness();
    latest().open();
    latest().send(line(0));
    actor.stop();
    expect(latest().closed).toBe(true);
    expect(frames.waiting).toBe(0);
  });
});
