import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { coveringPaths, leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { stateText } from '../../views/devtools/LiveInspection';
import { MachinesPage } from '../../views/devtools/MachinesPage';
import { consoleMachine } from '../console/console.machine';
import { INSPECT_STORAGE_KEY, type ActorReport } from '../app/inspection';
import { machinesPageMachine } from './machinesPage.machine';
import { simulationChoices, startSimulation } from './simulation';

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
  ],
};
const firstChoice = simulationChoices(startSimulation(consoleMachine))[0]!;
const model = modelOf(
  machinesPageMachine,
  [
    { type: 'machines.select', id: 'copy' },
    { type: 'machines.selectState', stateId: 'console.idle' },
    { type: 'inspection.toggle' },
    { type: 'inspection.report', report },
    { type: 'inspection.follow', actorId: report.actorId },
    { type: 'chart.showEventless', show: false },
    { type: 'simulation.start', machine: consoleMachine },
    { type: 'simulation.send', choice: firstChoice },
    { type: 'simulation.reset' },
    { type: 'simulation.stop' },
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
      const machine = machinesPageMachine.provide({
        actors: { listenInspectionChannel: fromCallback(() => () => undefined) },
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
      const shown = () => actor.getSnapshot().context.selectedId;
      await path.test({
        states: {
          viewing: () => {
            expect(screen.queryByRole('region', { name: 'Simulation' })).toBeNull();
            expect(screen.getByRole('button', { name: 'Simulate' })).toBeEnabled();
            // The shown machine, as Stately Studio imports it.
            const file = `${shown()}.machine.ts`;
            const link = screen.getByRole('link', { name: `Export for Stately Studio (${file})` });
            expect(link).toHaveAttribute('download', file);
            const code = decodeURIComponent(link.getAttribute('href')!.split(',')[1]!);
            expect(code).toContain(`createMachine({\n  id: "${shown()}"`);
          },
          simulating: () => {
            const simulation = actor.getSnapshot().context.simulation!;
            const region = screen.getByRole('region', { name: 'Simulation' });
            // The state reached, in words and on the state list.
            expect(within(region).getByRole('status')).toHaveTextContent(
              `State: ${stateText(simulation.snapshot.value)}`,
            );
            const list = screen.getByRole('list', { name: `States of ${shown()}` });
            const leaf = stateText(simulation.snapshot.value).split('.').at(-1)!;
            const current = within(list).getAllByRole('button', { name: /current/ });
            expect(current.map((button) => button.textContent).join(' ')).toContain(leaf);
            expect(screen.queryByRole('button', { name: 'Simulate' })).toBeNull();
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
          'simulation.start': () => click(screen.getByRole('button', { name: 'Simulate' })),
          'simulation.send': async ({ event }) => {
            const region = screen.queryByRole('region', { name: 'Simulation' });
            if (!region) return send(event);
            const events = within(region).getByRole('list', { name: 'Events this state takes' });
            await click(within(events).getAllByRole('button')[0]!);
            expect(within(region).getAllByRole('listitem').length).toBeGreaterThan(0);
          },
          'simulation.reset': async ({ event }) => {
            const region = screen.queryByRole('region', { name: 'Simulation' });
            if (!region) return send(event);
            await click(within(region).getByRole('button', { name: 'Start again' }));
            expect(within(region).queryByText('Events sent:')).toBeNull();
          },
          'simulation.stop': async ({ event }) => {
            const region = screen.queryByRole('region', { name: 'Simulation' });
            if (!region) return send(event);
            await click(within(region).getByRole('button', { name: 'Stop simulating' }));
          },
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      // The inspection switch is remembered for the other tabs.
      const inspecting = actor.getSnapshot().context.inspecting;
      expect(localStorage.getItem(INSPECT_STORAGE_KEY) === 'on').toBe(inspecting);
    });
  }
});
