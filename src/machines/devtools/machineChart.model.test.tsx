import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromCallback, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { modelOf, pathName, reportCoverage } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { MachinesPage } from '../../views/devtools/MachinesPage';
import { machineToChart } from './chart';
import { MIN_READABLE_PX } from './chartLayout';
import { machineChartMachine } from './machineChart.machine';
import { machinesPageMachine } from './machinesPage.machine';
import { machineRegistry } from './registry';

// The chart's view (issue 19 item 7), model-based through the machines page: its buttons zoom,
// pan, fit and fold, and the canvas's attributes say what a reader sees. The canvas itself is
// G6's (happy-dom has none): the wheel and drags it reports are sent as it sends them.

// A small machine with a nested state keeps the layouts quick.
const entry = machineRegistry.find((item) => item.id === 'repoEvents')!;
const input = { chart: machineToChart(entry.machine) };
const group = 'repoEvents.live';
const children = input.chart.nodes.filter((node) => node.parent === group).length;
// Sizes and moves that differ from the snapshot's own: each one is news to the machine.
const model = modelOf(
  machineChartMachine,
  (snapshot: SnapshotFrom<typeof machineChartMachine>) => [
    { type: 'chart.resized', width: snapshot.context.width === 900 ? 700 : 900, maxHeight: 600 },
    { type: 'chart.toggleGroup', id: group },
    { type: 'chart.zoomIn' },
    { type: 'chart.zoomOut' },
    { type: 'chart.pan', dx: 80, dy: 0 },
    {
      type: 'chart.moved',
      viewport: { zoom: snapshot.context.viewport.zoom === 1.5 ? 2 : 1.5, x: 10, y: 20 },
    },
    { type: 'chart.fit' },
  ],
  {
    input,
    // And by what the events above are chosen by, so one key always takes the same ones.
    keyBy: (snapshot: SnapshotFrom<typeof machineChartMachine>) => [
      snapshot.value,
      snapshot.context.width === 900,
      snapshot.context.viewport.zoom === 1.5,
    ],
  },
);
const paths = model.getShortestPaths();

describe('machineChart machine, model-based, through the machines page', () => {
  it('covers every state and transition of the chart', () => {
    const coverage = reportCoverage(machineChartMachine, { paths, input });
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const view = renderWithMachines(<MachinesPage />, {
        machines: [
          [
            machinesPageMachine,
            machinesPageMachine.provide({
              actors: { listenInspectionChannel: fromCallback(() => () => undefined) },
            }),
          ],
          [machineChartMachine, machineChartMachine],
        ],
        path: '/-/machines?machine=repoEvents',
      });
      const actor = view.actorOf(machineChartMachine);
      const canvas = () => screen.getByRole('img', { name: 'State chart of repoEvents' });
      const zoom = () => Number(canvas().dataset.zoom);
      const button = (name: string) =>
        within(screen.getByRole('toolbar', { name: 'Chart view' })).getByRole('button', { name });
      const click = (element: HTMLElement) => act(() => void fireEvent.click(element));
      const send = (event: AnyEventObject) => act(() => actor.send(event as never));
      await path.test({
        states: {
          fitted: () => {
            expect(canvas().dataset.zoom).toBe(canvas().dataset.fitZoom);
            expect(button('Fit')).toHaveAttribute('aria-pressed', 'true');
            // The readability bar: state names at MIN_READABLE_PX or more at the default zoom.
            expect(Number(canvas().dataset.stateFontPx)).toBeGreaterThanOrEqual(MIN_READABLE_PX);
          },
          moved: () => {
            expect(button('Fit')).toHaveAttribute('aria-pressed', 'false');
          },
        },
        events: {
          // The canvas's width, as its ResizeObserver reports it.
          'chart.resized': ({ event }) => send(event),
          'chart.toggleGroup': async () => {
            const nested = screen.getByRole('group', { name: 'Nested states' });
            const live = within(nested).getByRole('button', { name: /live/ });
            const wasOpen = live.getAttribute('aria-expanded') === 'true';
            const drawn = Number(canvas().dataset.drawnStates);
            await click(live);
            expect(live).toHaveAttribute('aria-expanded', String(!wasOpen));
            // Folded, the group and its states are drawn as one.
            const change = wasOpen ? -children : children;
            expect(Number(canvas().dataset.drawnStates)).toBe(drawn + change);
          },
          'chart.zoomIn': async () => {
            const before = zoom();
            await click(button('Zoom in'));
            expect(zoom()).toBeGreaterThan(before);
          },
          'chart.zoomOut': async () => {
            const before = zoom();
            await click(button('Zoom out'));
            expect(zoom()).toBeLessThan(before);
          },
          'chart.pan': async () => {
            const before = Number(canvas().dataset.originX);
            await click(button('Pan left'));
            expect(Number(canvas().dataset.originX)).toBe(before + 80);
          },
          // The wheel or a drag on the canvas, as G6 reports it.
          'chart.moved': async ({ event }) => {
            await send(event);
            expect(zoom()).toBe((event as AnyEventObject).viewport.zoom);
          },
          'chart.fit': () => click(button('Fit')),
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
    });
  }
});
