import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { machineToChart } from './chart';
import {
  CANVAS_PADDING,
  canvasHeight,
  fitViewport,
  groupIds,
  layoutChart,
  layoutForWidth,
  MIN_READABLE_PX,
  overlaps,
  STATE_FONT_SIZE,
} from './chartLayout';
import { machineRegistry } from './registry';

// Readable charts (issue 19 item 7): no label covers another label, a state or a group's name,
// and state names are drawn at MIN_READABLE_PX or more at the default zoom.

const charts = machineRegistry.map((entry) => [entry.id, machineToChart(entry.machine)] as const);
const consoleChart = machineToChart(
  machineRegistry.find((entry) => entry.id === 'console')!.machine,
);
/** The chart's column on the machines page in a 1280 px wide window. */
const CHART_COLUMN_AT_1280 = 650;
/** The canvas's most height in an 800 px high window (3/4 of it, MachineChart.tsx). */
const CANVAS_AT_800_HIGH = 600;

describe('chart layout', () => {
  it.each(charts)('%s: no label covers a label, a state or a group name', (_, chart) => {
    for (const folded of [new Set<string>(), new Set(groupIds(chart))]) {
      for (const direction of ['TB', 'LR'] as const) {
        expect(overlaps(layoutChart(chart, folded, direction))).toEqual([]);
      }
    }
  });

  it('finds a label drawn over a state', () => {
    const layout = layoutChart(consoleChart, new Set(), 'TB');
    const state = layout.states[0]!;
    const edge = layout.edges.find((item) => item.label)!;
    const moved = {
      ...layout,
      edges: [{ ...edge, label: { ...edge.label!, x: state.x, y: state.y } }],
    };
    expect(overlaps(moved)).toEqual([`state ${state.id} covers label of ${edge.id}`]);
  });

  it.each(charts)('%s: state names are readable at the default zoom, at any width', (_, chart) => {
    for (const width of [320, CHART_COLUMN_AT_1280, 1400]) {
      const { zoom } = fitViewport(layoutForWidth(chart, new Set(), width), width);
      expect(zoom * STATE_FONT_SIZE).toBeGreaterThanOrEqual(MIN_READABLE_PX);
    }
  });

  it.each(charts)('%s: no state falls below the canvas at the default zoom', (_, chart) => {
    // The console's no_logs_available and error fell below a 600 px canvas.
    // (A chart wider than readable at the width is panned across, as before.)
    for (const [width, maxHeight] of [
      [CHART_COLUMN_AT_1280, CANVAS_AT_800_HIGH],
      [320, CANVAS_AT_800_HIGH],
      [1400, 300],
    ]) {
      const layout = layoutForWidth(chart, new Set(), width!, maxHeight);
      const viewport = fitViewport(layout, width!, maxHeight);
      const height = canvasHeight(layout, width!, maxHeight!);
      for (const state of layout.states) {
        const bottom = viewport.y + (state.y + state.height / 2) * viewport.zoom;
        expect(bottom, `${state.id} below the canvas`).toBeLessThanOrEqual(height);
      }
    }
  });

  it('fits the console machine to the chart column of a 1280 px window, readable', () => {
    const layout = layoutForWidth(consoleChart, new Set(), CHART_COLUMN_AT_1280);
    const viewport = fitViewport(layout, CHART_COLUMN_AT_1280);
    // Its written-out transitions (issue 33 item 3) take a little more room than the column at
    // full size: readable, and all of it in width.
    expect(viewport.zoom * STATE_FONT_SIZE).toBeGreaterThanOrEqual(MIN_READABLE_PX);
    expect(layout.width * viewport.zoom).toBeLessThanOrEqual(
      CHART_COLUMN_AT_1280 - 2 * CANVAS_PADDING,
    );
    // Every state but the machine's frame is drawn, the nested ones in their groups.
    expect(layout.states.map((state) => state.id).sort()).toEqual(
      consoleChart.nodes
        .filter((node) => node.type === 'atomic')
        .map((node) => node.id)
        .sort(),
    );
    expect(layout.groups.map((group) => group.id)).toEqual(['console.loading']);
  });

  it('draws a folded group as one state, its transitions from and to it', () => {
    const layout = layoutChart(consoleChart, new Set(['console.loading']), 'TB');
    const ids = layout.states.map((state) => state.id);
    expect(ids).toContain('console.loading');
    expect(ids).not.toContain('console.loading.fetching');
    expect(layout.states.find((state) => state.id === 'console.loading')).toMatchObject({
      folded: true,
      label: 'loading [+]',
    });
    // fetching's transitions are the folded group's now.
    expect(
      layout.edges.find((edge) => edge.id === 'console.loading->console.resolved'),
    ).toMatchObject({ lines: ['done [hasLogToShow]'] });
  });

  it("draws a group's transitions from its initial state, named after the group", () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: { initial: 'x', on: { STOP: 'b' }, states: { x: { on: { GO: 'y' } }, y: {} } },
        b: {},
      },
    });
    const layout = layoutChart(machineToChart(machine), new Set(), 'LR');
    expect(layout.edges.map(({ id, lines }) => ({ id, lines }))).toEqual([
      { id: 'm.a.x->m.b', lines: ['(a) STOP'] },
      { id: 'm.a.x->m.a.y', lines: ['GO'] },
    ]);
    // The group's name is written above its children, inside its box.
    const group = layout.groups[0]!;
    expect(group.title.y - group.title.height / 2).toBeGreaterThanOrEqual(
      group.y - group.height / 2,
    );
    for (const id of ['m.a.x', 'm.a.y']) {
      const state = layout.states.find((item) => item.id === id)!;
      expect(state.y - state.height / 2).toBeGreaterThan(group.title.y + group.title.height / 2);
    }
  });

  it('draws a machine without states as its one state', () => {
    const machine = createMachine({ id: 'solo', on: { PING: {} } });
    const layout = layoutChart(machineToChart(machine), new Set(), 'TB');
    expect(layout.states.map((state) => state.id)).toEqual(['solo']);
    expect(layout.width).toBeGreaterThan(0);
  });
});
