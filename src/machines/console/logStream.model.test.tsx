import { act, screen } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import type { Build, Line, Stage, Step } from '../../api/types';
import { StepConsole } from '../../views/console/StepConsole';
import { consoleMachine } from './console.machine';
import { fakeFrames } from '../../../tests/fakeFrames';
import { fakeEventStreams } from '../../../tests/drivers/logStream';
import { RECONNECT_MAX_DELAY } from '../runtime/reconnect';
import { createLogSourceListener, logStreamMachine } from './logStream.machine';

// One running step's log stream (docs/spec.md 7.6) walked along the logStream machine's shortest paths
// inside the real step console: the server's events come through a fake stream, animation
// frames when the test paints one, and the console shows exactly the lines handed over.

const input = { path: '/api/stream/o/r/3/1/1' };
// The model has no console to hand lines to, and each frame of lines it receives stands for
// lines not delivered yet (the test sends growing positions).
const modelled = logStreamMachine.provide({
  actions: { sendNewLines: () => undefined, sendOverlong: () => undefined },
});
const model = modelOf(
  modelled,
  [
    { type: 'source.open' },
    { type: 'source.lines', lines: [{ pos: 1, out: 'x\n', time: 0 }] },
    { type: 'source.eof' },
    { type: 'source.dropped' },
    { type: 'source.overlong' },
    { type: 'xstate.after.RECONNECT_DELAY.logStream.reconnecting' },
  ],
  { input, keyBy: 'value' },
);
const paths = model.getShortestPaths();

const repo = { namespace: 'o', name: 'r' };
const build = { number: 3, status: 'running' } as Build;
const stage = { number: 1, name: 'default', status: 'running' } as Stage;
const step = { id: 9, number: 1, name: 'test', status: 'running', exit_code: 0 } as Step;

describe('logStream machine, model-based, inside the step console', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(modelled, { paths, input })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const frames = fakeFrames();
      const streams = fakeEventStreams();
      const stream = logStreamMachine.provide({
        actors: { listenLogSource: createLogSourceListener(streams.connect, frames.schedule) },
      });
      const machine = consoleMachine.provide({ actors: { streamLogs: stream } });
      const view = renderWithMachines(
        <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 20 }}>
          <StepConsole repo={repo} build={build} stage={stage} step={step} />
        </VirtuosoMockContext.Provider>,
        { machines: [[consoleMachine, machine]] },
      );
      const console = view.actorOf(consoleMachine);
      const logStream = () => console.getSnapshot().children.logStream as AnyActorRef | undefined;
      let pos = 0;
      const sent: Line[] = [];
      const run = (action: () => void) =>
        act(async () => {
          action();
          await vi.advanceTimersByTimeAsync(0);
        });
      /** The console lists the lines handed over, and none still waiting for a frame. */
      const showsHandedOver = () => {
        const handedOver = console.getSnapshot().context.lines.length;
        const body = screen.getByRole('region', { name: 'Console of step test' });
        sent.forEach((line, index) => {
          if (index < handedOver) expect(body).toHaveTextContent(line.out.trim());
          else expect(body).not.toHaveTextContent(line.out.trim());
        });
      };
      await path.test({
        states: {
          live: showsHandedOver,
          reconnecting: () => {
            showsHandedOver();
            expect(streams.latest().closed).toBe(true);
          },
          ended: () => {
            showsHandedOver();
            // The console stays in stream_on until the step's status changes; the stream is done.
            expect(logStream()?.getSnapshot().status).toBe('done');
          },
        },
        events: {
          'source.open': () => run(() => streams.latest().open()),
          // A chunk of two lines the console has not seen yet arrives, then a frame is painted.
          'source.lines': () =>
            run(() => {
              const lines = [1, 2].map(() => {
                pos += 1;
                return { pos, out: `streamed line ${pos}\n`, time: pos };
              });
              sent.push(...lines);
              streams.latest().send(...lines);
              showsHandedOver(); // Not before the frame.
              frames.paint();
            }),
          'source.eof': () => run(() => streams.latest().eof()),
          'source.dropped': () => run(() => streams.latest().drop()),
          // Issue 28 item 4: the console says a line was left out.
          'source.overlong': async () => {
            await run(() => streams.latest().overlong());
            expect(screen.getByTestId('console-overlong')).toBeInTheDocument();
          },
          'xstate.after.RECONNECT_DELAY.logStream.reconnecting': () =>
            act(() => vi.advanceTimersByTimeAsync(RECONNECT_MAX_DELAY)),
        },
      });
      const last = path.state.value;
      if (last === 'ended') expect(logStream()?.getSnapshot().status).toBe('done');
      else expect(logStream()!.getSnapshot().value).toEqual(last);
    });
  }
});
