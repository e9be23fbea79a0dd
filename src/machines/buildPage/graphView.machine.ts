import { assign, setup } from 'xstate';

// docs/spec.md 2.9 / 9 graph view: per-graph zoom (step 20, default 100), fit and reset requests, the
// split between the stage graph and the step graph (each at least 190px, dragged or moved with
// the keyboard), and the step info drawer. The G6 canvases follow this state; they own nothing.

export type GraphKind = 'stages' | 'steps';

export const ZOOM_DEFAULT = 100;
export const ZOOM_STEP = 20;
export const ZOOM_MIN = 20;
export const ZOOM_MAX = 400;
export const SPLIT_MIN = 190;
/** One arrow key press on the divider moves it this far. */
export const SPLIT_KEY_STEP = 20;

export interface GraphViewport {
  /** Percent; 100 draws the graph at its natural size. */
  zoom: number;
  /** Incremented per request: the canvas fits the graph into view when it changes. */
  fitRequests: number;
  /** Incremented per request: the canvas goes back to 100% and recentres when it changes. */
  resetRequests: number;
}

export interface GraphViewContext {
  viewports: Record<GraphKind, GraphViewport>;
  /** Height of the stage graph in px; null until the user moves the divider (half each). */
  splitSize: number | null;
  /** The height both graphs share, as last measured; null before the first measure. */
  splitTotal: number | null;
  /** The step number the drawer shows, while it is open. */
  drawerStep: number | null;
}

export type GraphViewEvent =
  | { type: 'zoom.in'; graph: GraphKind }
  | { type: 'zoom.out'; graph: GraphKind }
  | { type: 'zoom.fit'; graph: GraphKind }
  | { type: 'zoom.reset'; graph: GraphKind }
  /** The canvas reports the zoom a fit ended at (it depends on the graph and the panel). */
  | { type: 'zoom.fitted'; graph: GraphKind; zoom: number }
  | { type: 'split.measured'; total: number }
  | { type: 'split.dragStart' }
  | { type: 'split.drag'; size: number }
  | { type: 'split.dragEnd' }
  | { type: 'split.move'; delta: number }
  | { type: 'split.set'; size: number }
  | { type: 'drawer.open'; step: number }
  | { type: 'drawer.close' };

const viewport = (): GraphViewport => ({
  zoom: ZOOM_DEFAULT,
  fitRequests: 0,
  resetRequests: 0,
});

/** Both graphs keep at least SPLIT_MIN; a panel too small for both favours the stage graph. */
export function clampSplit(size: number, total: number | null): number {
  const max = total === null ? Infinity : Math.max(SPLIT_MIN, total - SPLIT_MIN);
  return Math.round(Math.min(max, Math.max(SPLIT_MIN, size)));
}

/** The stage graph's height (half the shared height until the divider moves); null: unknown. */
export function splitSizeOf(context: Pick<GraphViewContext, 'splitSize' | 'splitTotal'>) {
  const { splitSize, splitTotal } = context;
  if (splitSize === null && splitTotal === null) return null;
  return clampSplit(splitSize ?? (splitTotal ?? 0) / 2, splitTotal);
}

type ZoomEvent = Extract<GraphViewEvent, { graph: GraphKind }>;

const updateViewport = (
  context: GraphViewContext,
  graph: GraphKind,
  change: (current: GraphViewport) => Partial<GraphViewport>,
) => ({
  ...context.viewports,
  [graph]: { ...context.viewports[graph], ...change(context.viewports[graph]) },
});

export const graphViewMachine = setup({
  types: {
    context: {} as GraphViewContext,
    events: {} as GraphViewEvent,
  },
  guards: {
    isZoomInAllowed: ({ context, event }) =>
      context.viewports[(event as ZoomEvent).graph].zoom + ZOOM_STEP <= ZOOM_MAX,
    isZoomOutAllowed: ({ context, event }) =>
      context.viewports[(event as ZoomEvent).graph].zoom - ZOOM_STEP >= ZOOM_MIN,
  },
  actions: {
    assignZoomIn: assign({
      viewports: ({ context, event }) =>
        updateViewport(context, (event as ZoomEvent).graph, (v) => ({ zoom: v.zoom + ZOOM_STEP })),
    }),
    assignZoomOut: assign({
      viewports: ({ context, event }) =>
        updateViewport(context, (event as ZoomEvent).graph, (v) => ({ zoom: v.zoom - ZOOM_STEP })),
    }),
    assignFitRequest: assign({
      viewports: ({ context, event }) =>
        updateViewport(context, (event as ZoomEvent).graph, (v) => ({
          fitRequests: v.fitRequests + 1,
        })),
    }),
    assignFittedZoom: assign({
      viewports: ({ context, event }) => {
        const { graph, zoom } = event as Extract<GraphViewEvent, { type: 'zoom.fitted' }>;
        return updateViewport(context, graph, () => ({
          zoom: Math.min(ZOOM_MAX, Math.max(1, Math.round(zoom))),
        }));
      },
    }),
    assignReset: assign({
      viewports: ({ context, event }) =>
        updateViewport(context, (event as ZoomEvent).graph, (v) => ({
          zoom: ZOOM_DEFAULT,
          resetRequests: v.resetRequests + 1,
        })),
    }),
    assignSplitTotal: assign({
      splitTotal: ({ event }) =>
        Math.round((event as Extract<GraphViewEvent, { type: 'split.measured' }>).total),
    }),
    assignSplitSize: assign({
      splitSize: ({ context, event }) => {
        const { size } = event as Extract<GraphViewEvent, { type: 'split.set' }>;
        return clampSplit(size, context.splitTotal);
      },
    }),
    assignSplitMove: assign({
      splitSize: ({ context, event }) => {
        const { delta } = event as Extract<GraphViewEvent, { type: 'split.move' }>;
        return clampSplit((splitSizeOf(context) ?? SPLIT_MIN) + delta, context.splitTotal);
      },
    }),
    assignDrawerStep: assign({
      drawerStep: ({ event }) => (event as Extract<GraphViewEvent, { type: 'drawer.open' }>).step,
    }),
    assignDrawerClosed: assign({ drawerStep: null }),
  },
}).createMachine({
  id: 'graphView',
  type: 'parallel',
  context: {
    viewports: { stages: viewport(), steps: viewport() },
    splitSize: null,
    splitTotal: null,
    drawerStep: null,
  },
  on: {
    'split.measured': { actions: 'assignSplitTotal' },
    'zoom.in': { guard: 'isZoomInAllowed', actions: 'assignZoomIn' },
    'zoom.out': { guard: 'isZoomOutAllowed', actions: 'assignZoomOut' },
    'zoom.fit': { actions: 'assignFitRequest' },
    'zoom.fitted': { actions: 'assignFittedZoom' },
    'zoom.reset': { actions: 'assignReset' },
  },
  states: {
    split: {
      initial: 'resting',
      states: {
        resting: {
          on: {
            'split.dragStart': 'dragging',
            'split.move': { actions: 'assignSplitMove' },
            'split.set': { actions: 'assignSplitSize' },
          },
        },
        dragging: {
          on: {
            'split.drag': { actions: 'assignSplitSize' },
            'split.dragEnd': 'resting',
          },
        },
      },
    },
    drawer: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'drawer.open': { target: 'open', actions: 'assignDrawerStep' } },
        },
        open: {
          on: {
            'drawer.open': { actions: 'assignDrawerStep' },
            'drawer.close': { target: 'closed', actions: 'assignDrawerClosed' },
          },
        },
      },
    },
  },
});

type Snapshot = { context: GraphViewContext; matches: (value: object) => boolean };

export const selectViewport = (graph: GraphKind) => (snapshot: { context: GraphViewContext }) =>
  snapshot.context.viewports[graph];
/** The stage graph's height in px, or null while it is half of an unmeasured panel. */
export const selectSplitSize = (snapshot: { context: GraphViewContext }) =>
  splitSizeOf(snapshot.context);
export const selectSplitTotal = (snapshot: { context: GraphViewContext }) =>
  snapshot.context.splitTotal;
export const selectIsDragging = (snapshot: Snapshot) => snapshot.matches({ split: 'dragging' });
export const selectDrawerStep = (snapshot: { context: GraphViewContext }) =>
  snapshot.context.drawerStep;
export const canZoomIn = (view: GraphViewport) => view.zoom + ZOOM_STEP <= ZOOM_MAX;
export const canZoomOut = (view: GraphViewport) => view.zoom - ZOOM_STEP >= ZOOM_MIN;
