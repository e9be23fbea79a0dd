import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import {
  coveringPaths,
  createSettler,
  leftOutOfChart,
  modelOf,
  pathName,
} from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { MachinesPage } from '../../views/devtools/MachinesPage';
import { INSPECT_STORAGE_KEY, type ActorReport } from './inspector';
import { machinesPageMachine } from './machinesPage.machine';

// The canvas is G6's business (checked in Chromium; happy-dom has none); here the page.
const report: ActorReport = {
  type: 'actor.snapshot',
  actorId: 'tab1:x:1',
  machineId: 'console',
  value: 'resolved',
  at: 0,
};
const input = { selectedId: 'console' };
// Keyed by the value and the switches the page shows: reports pile up in the context.
const options = {
  input,
  keyBy: (snapshot: SnapshotFrom<typeof machinesPageMachine>) => [
    snapshot.value,
    snapshot.context.inspecting,
    snapshot.context.statelyError,
  ],
};
const model = modelOf(
  machinesPageMachine,
  [
    { type: 'machines.select', id: 'copy' },
    { type: 'machines.selectState', stateId: 'console.idle' },
    { type: 'inspection.toggle' },
    { type: 'inspection.report', report },
    { type: 'inspection.follow', actorId: report.actorId },
    { type: 'chart.showEventless', show: false },
    { type: 'stately.attach' },
    { type: 'xstate.done.actor.attachStately' },
    { type: 'xstate.error.actor.attachStately', error: new Error('Failed to fetch') },
  ],
  options,
);
// Each state the page can show, and every transition, on as few renders as cover them.
const paths = coveringPaths(machinesPageMachine, model.getShortestPaths(), options);

describe('machinesPage machine, model-based, through the machines page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.removeItem(INSPECT_STORAGE_KEY);
  });
  afterEach(() => vi.useRealTimers());

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(machinesPageMachine, { paths, input })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const stately = createSettler();
      const machine = machinesPageMachine.provide({
        actors: {
          listenInspectionChannel: fromCallback(() => () => undefined),
          attachStately: fromPromise<void>(() => stately.call()),
        },
      });
      const view = renderWithMachines(<MachinesPage />, {
        machines: [[machinesPageMachine, machine]],
        path: '/-/machines?machine=console',
      });
      const actor = view.actorOf(machinesPageMachine);
      const flush = async () => {
        await act(() => vi.advanceTimersByTimeAsync(0));
      };
      const click = (element: HTMLElement) => (fireEvent.click(element), flush());
      const send = (event: AnyEventObject) => act(() => actor.send(event as never));
      const statelyButton = () => screen.getByRole('button', { name: /Stately's inspector/ });
      await path.test({
        states: {
          statelyDetached: () => {
            expect(statelyButton()).toHaveTextContent("Open Stately's inspector");
            expect(statelyButton()).toBeEnabled();
            // Issue 28 item 2: the switch says what it sends, and where, before it is used.
            expect(statelyButton()).toHaveAccessibleDescription(
              /to Stately's inspector, a page of another site \(https:\/\/stately\.ai\/inspect\).*Tokens, passwords and secret values are replaced by \[redacted\]/,
            );
            const error = actor.getSnapshot().context.statelyError;
            if (error) expect(screen.getByRole('alert')).toHaveTextContent(error);
          },
          statelyAttaching: () => {
            expect(statelyButton()).toBeDisabled();
          },
          statelyAttached: () => {
            expect(statelyButton()).toHaveTextContent("Stately's inspector attached");
            expect(statelyButton()).toBeDisabled();
          },
        },
        events: {
          'machines.select': () =>
            click(
              within(screen.getByRole('navigation', { name: 'Machines' })).getByRole('button', {
                name: 'copy',
              }),
            ),
          'machines.selectState': async () => {
            // The state list stands for the canvas, as it does for keyboard users.
            const list = screen.queryByRole('list', { name: 'States of console' });
            if (!list) return send({ type: 'machines.selectState', stateId: 'console.idle' });
            await click(within(list).getByRole('button', { name: /^idle/ }));
            expect(screen.getByTestId('state-details')).toHaveTextContent('idle');
          },
          'inspection.toggle': () =>
            click(screen.getByRole('checkbox', { name: 'Report running actors' })),
          // Another tab's report, from the channel.
          'inspection.report': ({ event }) => send(event),
          'inspection.follow': async ({ event }) => {
            const button = screen.queryByRole('button', { name: 'console: resolved' });
            if (!button) return send(event);
            await click(button);
            expect(button).toHaveAttribute('aria-pressed', 'true');
          },
          'chart.showEventless': async ({ event }) => {
            const box = screen.queryByRole('checkbox', { name: /eventless/ });
            if (!box) return send(event);
            await click(box);
            expect(box).not.toBeChecked();
          },
          'stately.attach': () => click(statelyButton()),
          'xstate.done.actor.attachStately': ({ event }) => (stately.settle(event), flush()),
          'xstate.error.actor.attachStately': ({ event }) => (stately.settle(event), flush()),
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      // The inspection switch is remembered for the other tabs.
      const inspecting = actor.getSnapshot().context.inspecting;
      expect(localStorage.getItem(INSPECT_STORAGE_KEY) === 'on').toBe(inspecting);
    });
  }
});
