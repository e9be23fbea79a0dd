import { assign, setup } from 'xstate';
import type { MachineChart } from './chart';
import {
  canvasHeight,
  fitViewport,
  groupIds,
  layoutForWidth,
  sameViewport,
  type ChartLayout,
  type Viewport,
} from './chartLayout';

// The chart on the machines page (issue 19 item 7): which nested states are folded, the layout
// for the canvas's width, and the viewport. `fitted` follows the canvas (the default zoom fits
// the chart to the width and the height, state names readable); zooming or panning, by the buttons, the wheel
// or a drag, leaves it for `moved` until Fit.

export const ZOOM_STEP = 1.25;
export const ZOOM_RANGE = { min: 0.25, max: 3 } as const;

type Context = {
  chart: MachineChart;
  folded: string[];
  /** The canvas's width and the most height it may take, in screen pixels. */
  width: number;
  maxHeight: number;
  layout: ChartLayout;
  height: number;
  fit: Viewport;
  viewport: Viewport;
};

type Event =
  | { type: 'chart.resized'; width: number; maxHeight: number }
  | { type: 'chart.toggleGroup'; id: string }
  | { type: 'chart.zoomIn' }
  | { type: 'chart.zoomOut' }
  | { type: 'chart.pan'; dx: number; dy: number }
  /** The canvas moved under the wheel or a drag. */
  | { type: 'chart.moved'; viewport: Viewport }
  | { type: 'chart.fit' };

/** Before the canvas is measured: a width that draws most charts at full size. */
const INITIAL_SIZE = { width: 640, maxHeight: 640 };

function laidOut(chart: MachineChart, folded: string[], width: number, maxHeight: number) {
  const layout = layoutForWidth(chart, new Set(folded), width, maxHeight);
  return {
    layout,
    height: canvasHeight(layout, width, maxHeight),
    fit: fitViewport(layout, width, maxHeight),
  };
}

/** Zooms by `ratio` about the canvas's centre, within ZOOM_RANGE. */
function zoomedBy({ viewport, width, height }: Context, ratio: number): Viewport {
  const zoom = Math.min(ZOOM_RANGE.max, Math.max(ZOOM_RANGE.min, viewport.zoom * ratio));
  const scale = zoom / viewport.zoom;
  const [cx, cy] = [width / 2, height / 2];
  return { zoom, x: cx - (cx - viewport.x) * scale, y: cy - (cy - viewport.y) * scale };
}

export const machineChartMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as { chart: MachineChart },
  },
  guards: {
    isNewViewport: ({ context, event }) =>
      event.type === 'chart.moved' && !sameViewport(context.viewport, event.viewport),
    isNewSize: ({ context, event }) =>
      event.type === 'chart.resized' &&
      (event.width !== context.width || event.maxHeight !== context.maxHeight),
    isGroup: ({ context, event }) =>
      event.type === 'chart.toggleGroup' && groupIds(context.chart).includes(event.id),
  },
  actions: {
    measure: assign(({ context, event }) => {
      const { width, maxHeight } = event as Extract<Event, { type: 'chart.resized' }>;
      return { width, maxHeight, ...laidOut(context.chart, context.folded, width, maxHeight) };
    }),
    toggleGroup: assign(({ context, event }) => {
      const { id } = event as Extract<Event, { type: 'chart.toggleGroup' }>;
      const folded = context.folded.includes(id)
        ? context.folded.filter((group) => group !== id)
        : [...context.folded, id];
      return { folded, ...laidOut(context.chart, folded, context.width, context.maxHeight) };
    }),
    showFit: assign({ viewport: ({ context }) => context.fit }),
    zoomIn: assign({ viewport: ({ context }) => zoomedBy(context, ZOOM_STEP) }),
    zoomOut: assign({ viewport: ({ context }) => zoomedBy(context, 1 / ZOOM_STEP) }),
    pan: assign({
      viewport: ({ context: { viewport }, event }) => {
        const { dx, dy } = event as Extract<Event, { type: 'chart.pan' }>;
        return { ...viewport, x: viewport.x + dx, y: viewport.y + dy };
      },
    }),
    move: assign({
      viewport: ({ event }) => (event as Extract<Event, { type: 'chart.moved' }>).viewport,
    }),
  },
}).createMachine({
  id: 'machineChart',
  context: ({ input }) => {
    const { width, maxHeight } = INITIAL_SIZE;
    const drawn = laidOut(input.chart, [], width, maxHeight);
    return { chart: input.chart, folded: [], width, maxHeight, ...drawn, viewport: drawn.fit };
  },
  on: {
    // Folding or unfolding draws another chart: fitted anew.
    'chart.toggleGroup': { guard: 'isGroup', target: '.fitted', actions: 'toggleGroup' },
    'chart.fit': { target: '.fitted' },
    'chart.zoomIn': { target: '.moved', actions: 'zoomIn' },
    'chart.zoomOut': { target: '.moved', actions: 'zoomOut' },
    'chart.pan': { target: '.moved', actions: 'pan' },
    'chart.moved': { guard: 'isNewViewport', target: '.moved', actions: 'move' },
  },
  initial: 'fitted',
  states: {
    fitted: {
      entry: 'showFit',
      on: { 'chart.resized': { guard: 'isNewSize', actions: ['measure', 'showFit'] } },
    },
    // The canvas changed size under a chart the user moved: the view stays where it is.
    moved: {
      on: { 'chart.resized': { guard: 'isNewSize', actions: 'measure' } },
    },
  },
});
