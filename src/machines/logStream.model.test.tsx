import { act, screen } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, fromCallback, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { modelOf, pathName, reportCoverage } from '../../tests/model';
import { renderWithMachines } from '../../tests/renderMachine';
import type { Build, Line, Stage, Step } from '../api/types';
import { StepConsole } from '../views/build/console/StepConsole';
import { consoleMachine } from './console.machine';
import {
  createLogSourceListener,
  LOG_BATCH_DELAY,
  logStreamMachine,
  RECONNECT_MAX_DELAY,
} from './logStream.machine';

// One running step's log stream (SPEC 7.6) walked along the logStream machine's shortest paths
// inside the real step console: the server's events come through a fake EventSource, the tab's
// visibility through a fake watcher, and the console shows exactly the lines handed over.

type Snapshot = SnapshotFrom<typeof logStreamMachine>;

/** The browser's EventSource, driven by hand. */
class FakeSource {
  static latest: FakeSource | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.latest = this;
  }
  close() {
    this.closed = true;
  }
}

const input = { url: '/api/stream/o/r/3/1/1' };
// The model has no console to hand batches to (it only empties its buffer), and each line it
// sends stands for a line not delivered yet (the test sends growing positions).
const modelled = logStreamMachine.provide({
  actions: { sendBatch: assign({ buffer: [] }) },
  guards: { isNewLine: () => true },
});
const model = modelOf(
  modelled,
  [
    { type: 'source.open' },
    { type: 'source.line', line: { pos: 1, out: 'x\n', time: 0 } },
    { type: 'source.eof' },
    { type: 'source.dropped' },
    { type: 'page.hidden' },
    { type: 'page.visible' },
    { type: 'xstate.after.LOG_BATCH_DELAY.logStream.live.batching' },
    { type: 'xstate.after.RECONNECT_DELAY.logStream.reconnecting' },
  ],
  {
    input,
    // The state, and what changes what it can do: a hidden tab, lines waiting.
    keyBy: (snapshot: Snapshot) => [
      snapshot.value,
      snapshot.context.hidden,
      snapshot.context.buffer.length > 0,
    ],
  },
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
    const coverage = reportCoverage(modelled, { paths, input });
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      let visibility: ((event: { type: string }) => void) | undefined;
      const stream = logStreamMachine.provide({
        actors: {
          listenLogSource: createLogSourceListener(
            (url) => new FakeSource(url) as unknown as EventSource,
          ),
          watchPageVisibility: fromCallback(({ sendBack }) => {
            visibility = sendBack;
          }),
        },
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
      /** The console lists the lines handed over, and none still in the stream's buffer. */
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
          'live.quiet': showsHandedOver,
          'live.batching': showsHandedOver,
          'live.held': showsHandedOver,
          reconnecting: () => {
            showsHandedOver();
            expect(FakeSource.latest?.closed).toBe(true);
          },
          ended: () => {
            showsHandedOver();
            expect(logStream()).toBeUndefined();
          },
        },
        events: {
          'source.open': () => run(() => FakeSource.latest!.onopen?.(new Event('open'))),
          // Each line is one the console has not seen yet.
          'source.line': () =>
            run(() => {
              pos += 1;
              const line = { pos, out: `streamed line ${pos}\n`, time: pos };
              sent.push(line);
              FakeSource.latest!.onmessage?.(
                new MessageEvent('message', { data: JSON.stringify(line) }),
              );
            }),
          'source.eof': () =>
            run(() => FakeSource.latest!.onerror?.(new MessageEvent('error', { data: 'eof' }))),
          'source.dropped': () => run(() => FakeSource.latest!.onerror?.(new Event('error'))),
          'page.hidden': ({ event }) => run(() => visibility!(event)),
          'page.visible': ({ event }) => run(() => visibility!(event)),
          'xstate.after.LOG_BATCH_DELAY.logStream.live.batching': () =>
            act(() => vi.advanceTimersByTimeAsync(LOG_BATCH_DELAY)),
          'xstate.after.RECONNECT_DELAY.logStream.reconnecting': () =>
            act(() => vi.advanceTimersByTimeAsync(RECONNECT_MAX_DELAY)),
        },
      });
      const last = path.state.value;
      if (last === 'ended') expect(logStream()).toBeUndefined();
      else expect(logStream()!.getSnapshot().value).toEqual(last);
    });
  }
});
