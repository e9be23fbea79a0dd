import dagre from 'dagre';
import type { MachineChart } from './chart';

// Where the machines page draws each state, group and transition label (issue 19 item 7).
// Computed here, not by G6, so that readability is a property the unit tests can check: state
// names have a known font size, and every label has a box that must not cover another label or
// a state. G6 only paints these boxes. The layout is dagre's (the engine of G6's own 'dagre'
// layout): it reserves room for each edge label, but G6 drops where it put them.

/** State names are drawn at this size (canvas units) in a monospace font... */
export const STATE_FONT_SIZE = 14;
/** ...and must be at least this large on screen at the default zoom: the readability bar. */
export const MIN_READABLE_PX = 12;
/** The default zoom never goes below this, so state names stay readable; the chart pans. */
export const MIN_FIT_ZOOM = MIN_READABLE_PX / STATE_FONT_SIZE;
export const EDGE_FONT_SIZE = 12;
/** Monospace glyphs are this wide per pixel of font size (DejaVu Sans Mono, Menlo: 0.6). */
const GLYPH_WIDTH = 0.62;
const LINE_HEIGHT = 1.3;
const NODE_PADDING_X = 14;
const NODE_HEIGHT = 36;
const LABEL_PADDING = 4;
/** Room above a group's children for its name. */
export const GROUP_TITLE_HEIGHT = 26;
/** Space around the drawing inside the canvas, in screen pixels. */
export const CANVAS_PADDING = 16;

/**
 * Past this many eventless (`always`) transitions, labelled edges become a thicket (the console
 * decides its state from facts: 42 of them): the chart draws them dashed and unlabelled, the
 * state's details list their guards, and the page can hide them.
 */
export const EVENTLESS_LABELLED_UP_TO = 12;

export interface Box {
  /** Centre. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  id: string;
  label: string;
  isInitial: boolean;
  isFinal: boolean;
  /** A compound or parallel state drawn folded: its children are hidden inside it. */
  folded: boolean;
}

export interface LaidOutGroup extends Box {
  id: string;
  label: string;
  depth: number;
  /** Where the group's name is written, above its children. */
  title: Box;
}

export interface LaidOutEdge {
  id: string;
  source: string;
  target: string;
  /** One line per transition the edge stands for; empty for unlabelled eventless edges. */
  lines: string[];
  /** Only eventless transitions: drawn dashed. */
  eventless: boolean;
  /** Eventless both ways between the two states: one line, an arrow at each end. */
  twoWay: boolean;
  points: Array<{ x: number; y: number }>;
  label?: Box;
}

export interface ChartLayout {
  direction: 'TB' | 'LR';
  width: number;
  height: number;
  states: LaidOutState[];
  groups: LaidOutGroup[];
  edges: LaidOutEdge[];
}

/** On the canvas a guard shows by name; its params are in the state's details. */
const shortLabel = (label: string) => label.replace(/\[(\w+)\([^)\]]*\)\]/, '[$1]');

const textWidth = (text: string, fontSize: number) =>
  Math.ceil(text.length * fontSize * GLYPH_WIDTH);

/** The ids of compound and parallel states, the chart's root aside. */
export function groupIds(chart: MachineChart): string[] {
  return chart.nodes
    .filter(
      (node) => node.id !== chart.id && (node.type === 'compound' || node.type === 'parallel'),
    )
    .map((node) => node.id);
}

/**
 * What is drawn once `folded` groups are folded: their descendants are hidden and their
 * transitions drawn from and to the group. An edge into an open group is drawn to the state it
 * enters (its initial state); a group's own transition from that same state, its label naming
 * the group. The machine's own transitions (from the root) are listed with the root state
 * instead: drawn, they would cross every other edge. Transitions between the same two drawn
 * states share one edge, one label line each. Past EVENTLESS_LABELLED_UP_TO eventless
 * transitions, they are drawn dashed, both ways on one line and without labels.
 */
function drawnParts(chart: MachineChart, folded: ReadonlySet<string>) {
  const byId = new Map(chart.nodes.map((node) => [node.id, node]));
  const groups = new Set(groupIds(chart));
  const childrenOf = (id: string) => chart.nodes.filter((node) => node.parent === id);
  const foldedAncestor = (id: string): string | undefined => {
    let found: string | undefined;
    for (let at = byId.get(id)?.parent; at && at !== chart.id; at = byId.get(at)?.parent) {
      if (folded.has(at)) found = at;
    }
    return found;
  };
  const isOpenGroup = (id: string) => groups.has(id) && !folded.has(id);
  const drawnAs = (id: string): string => {
    const ancestor = foldedAncestor(id);
    if (ancestor) return ancestor;
    const children = childrenOf(id);
    if (!isOpenGroup(id) || children.length === 0) return id;
    return drawnAs((children.find((node) => node.isInitial) ?? children[0]!).id);
  };
  // The root is the frame, unless it has no children: then it is the one state drawn.
  const rootIsFrame = childrenOf(chart.id).length > 0;
  const visible = chart.nodes.filter(
    (node) => (node.id !== chart.id || !rootIsFrame) && !foldedAncestor(node.id),
  );
  const states = visible.filter((node) => !isOpenGroup(node.id));
  const openGroups = visible.filter((node) => isOpenGroup(node.id));

  const quiet = chart.edges.filter((edge) => edge.event === '').length > EVENTLESS_LABELLED_UP_TO;
  const merged = new Map<string, Omit<LaidOutEdge, 'points'>>();
  for (const edge of chart.edges) {
    if (edge.source === chart.id || edge.target === chart.id) continue;
    const source = drawnAs(edge.source);
    const target = drawnAs(edge.target);
    const eventless = edge.event === '';
    const named = groups.has(edge.source) && source !== edge.source;
    const group = named ? `(${byId.get(edge.source)?.label}) ` : '';
    const line = quiet && eventless ? '' : `${group}${shortLabel(edge.label)}`;
    const reverse = merged.get(`${target}->${source}`);
    if (quiet && eventless && reverse?.eventless && source !== target) {
      reverse.twoWay = true;
      continue;
    }
    const key = `${source}->${target}`;
    const existing = merged.get(key);
    if (!existing) {
      merged.set(key, { id: key, source, target, lines: [line], eventless, twoWay: false });
    } else {
      existing.eventless &&= eventless;
      if (!existing.lines.includes(line)) existing.lines.push(line);
    }
  }
  const edges = [...merged.values()].map((edge) => ({
    ...edge,
    lines: edge.lines.filter(Boolean),
  }));
  return { states, openGroups, edges, parentOf: (id: string) => byId.get(id)?.parent };
}

const stateLabel = (node: MachineChart['nodes'][number], folded: boolean) =>
  `${node.isInitial ? '▸ ' : ''}${node.label}${node.type === 'final' ? ' ◉' : ''}${folded ? ' [+]' : ''}`;

const groupLabel = (node: MachineChart['nodes'][number]) =>
  `${node.isInitial ? '▸ ' : ''}${node.label}${node.type === 'parallel' ? ' (parallel)' : ''}`;

/** The chart laid out in one direction, `folded` groups drawn as single states. */
export function layoutChart(
  chart: MachineChart,
  folded: ReadonlySet<string>,
  direction: 'TB' | 'LR',
): ChartLayout {
  const parts = drawnParts(chart, folded);
  const graph = new dagre.graphlib.Graph({ compound: true, multigraph: true });
  graph.setGraph({
    rankdir: direction,
    nodesep: 28,
    edgesep: 14,
    ranksep: direction === 'TB' ? 56 : 64,
    marginx: 4,
    marginy: GROUP_TITLE_HEIGHT + 4,
  });
  graph.setDefaultEdgeLabel(() => ({}));
  const stateLabels = new Map<string, string>();
  for (const node of parts.states) {
    const label = stateLabel(node, folded.has(node.id));
    stateLabels.set(node.id, label);
    graph.setNode(node.id, {
      width: textWidth(label, STATE_FONT_SIZE) + 2 * NODE_PADDING_X,
      height: NODE_HEIGHT,
    });
  }
  const groupIdSet = new Set(parts.openGroups.map((node) => node.id));
  for (const node of parts.openGroups) graph.setNode(node.id, { width: 0, height: 0 });
  for (const node of [...parts.states, ...parts.openGroups]) {
    const parent = parts.parentOf(node.id);
    if (parent && groupIdSet.has(parent)) graph.setParent(node.id, parent);
  }
  const labelSize = (lines: string[]) =>
    lines.length === 0
      ? { width: 0, height: 0 }
      : {
          width:
            Math.max(...lines.map((line) => textWidth(line, EDGE_FONT_SIZE))) + 2 * LABEL_PADDING,
          height: Math.ceil(lines.length * EDGE_FONT_SIZE * LINE_HEIGHT) + 2 * LABEL_PADDING,
        };
  for (const edge of parts.edges) {
    graph.setEdge(edge.source, edge.target, { ...labelSize(edge.lines), labelpos: 'c' }, edge.id);
  }
  dagre.layout(graph);

  const depthOf = (id: string): number => {
    const parent = parts.parentOf(id);
    return parent && groupIdSet.has(parent) ? depthOf(parent) + 1 : 0;
  };
  const box = ({ x, y, width, height }: Box): Box => ({ x, y, width, height });
  const groups = parts.openGroups.map((node) => {
    const laid = graph.node(node.id);
    const label = groupLabel(node);
    // The title sits in the band above the group's children; the box grows up to hold it.
    const top = laid.y - laid.height / 2 - GROUP_TITLE_HEIGHT;
    const height = laid.height + GROUP_TITLE_HEIGHT;
    const titleWidth = textWidth(label, STATE_FONT_SIZE);
    return {
      id: node.id,
      label,
      depth: depthOf(node.id),
      x: laid.x,
      y: top + height / 2,
      width: Math.max(laid.width, titleWidth + 16),
      height,
      title: {
        x: laid.x - laid.width / 2 + 8 + titleWidth / 2,
        y: top + GROUP_TITLE_HEIGHT / 2,
        width: titleWidth,
        height: Math.ceil(STATE_FONT_SIZE * LINE_HEIGHT),
      },
    };
  });
  const states = parts.states.map((node) => ({
    id: node.id,
    label: stateLabels.get(node.id)!,
    isInitial: node.isInitial,
    isFinal: node.type === 'final',
    folded: folded.has(node.id),
    ...box(graph.node(node.id)),
  }));
  const edges = parts.edges.map((edge) => {
    const laid = graph.edge(edge.source, edge.target, edge.id);
    return {
      ...edge,
      points: laid.points.map(({ x, y }) => ({ x, y })),
      ...(edge.lines.length ? { label: box(laid) } : {}),
    };
  });
  const { width, height } = graph.graph();
  return {
    direction,
    width: Math.max(0, width),
    height: Math.max(0, height),
    states,
    groups,
    edges,
  };
}

/**
 * The zoom at which a layout fits the width and the height it is given (every state
 * inside the canvas at the default zoom), never above full size nor below readable.
 */
export function fitZoom(
  layout: Pick<ChartLayout, 'width' | 'height'>,
  canvasWidth: number,
  maxHeight = Infinity,
): number {
  const across = (canvasWidth - 2 * CANVAS_PADDING) / Math.max(layout.width, 1);
  const down = (maxHeight - 2 * CANVAS_PADDING) / Math.max(layout.height, 1);
  return Math.min(1, Math.max(MIN_FIT_ZOOM, Math.min(across, down)));
}

/** Layouts do not depend on the width: a resized canvas only chooses between them again. */
const layouts = new WeakMap<MachineChart, Map<string, ChartLayout>>();

function cachedLayout(chart: MachineChart, folded: ReadonlySet<string>, direction: 'TB' | 'LR') {
  const cache = layouts.get(chart) ?? new Map<string, ChartLayout>();
  layouts.set(chart, cache);
  const key = `${direction} ${[...folded].sort().join(' ')}`;
  const layout = cache.get(key) ?? layoutChart(chart, folded, direction);
  cache.set(key, layout);
  return layout;
}

/**
 * Top to bottom or left to right: whichever is drawn larger in the canvas's width; at the same
 * zoom, the one that overflows the width less (less to pan), then the shorter one.
 */
export function layoutForWidth(
  chart: MachineChart,
  folded: ReadonlySet<string>,
  canvasWidth: number,
  maxHeight = Infinity,
): ChartLayout {
  const costs = (layout: ChartLayout) => {
    const zoom = fitZoom(layout, canvasWidth, maxHeight);
    const overflow = Math.max(0, layout.width * zoom - (canvasWidth - 2 * CANVAS_PADDING));
    return [-zoom, Math.round(overflow), layout.height * zoom];
  };
  const [down, across] = (['TB', 'LR'] as const).map((direction) => {
    const layout = cachedLayout(chart, folded, direction);
    return { layout, cost: costs(layout) };
  });
  const index = down!.cost.findIndex((cost, at) => cost !== across!.cost[at]);
  return index >= 0 && across!.cost[index]! < down!.cost[index]! ? across!.layout : down!.layout;
}

export interface Viewport {
  zoom: number;
  /** Where the layout's origin is on the canvas, in screen pixels. */
  x: number;
  y: number;
}

/** Viewports the eye cannot tell apart (G6 reports its own in floating point). */
export const sameViewport = (a: Viewport, b: Viewport) =>
  Math.abs(a.zoom - b.zoom) < 1e-3 && Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5;

/** The viewport that fits the layout to the canvas, centred when it is narrower. */
export function fitViewport(layout: ChartLayout, canvasWidth: number, maxHeight = Infinity) {
  const zoom = fitZoom(layout, canvasWidth, maxHeight);
  const x = Math.max(CANVAS_PADDING, (canvasWidth - layout.width * zoom) / 2);
  return { zoom, x, y: CANVAS_PADDING } satisfies Viewport;
}

/**
 * The canvas's height for a layout: all of it at the fitted zoom, within `maxHeight` unless the
 * drawing would be too small to read there (then the canvas grows and the page scrolls).
 */
export function canvasHeight(layout: ChartLayout, canvasWidth: number, maxHeight: number) {
  const drawn = layout.height * fitZoom(layout, canvasWidth, maxHeight) + 2 * CANVAS_PADDING;
  return Math.round(Math.max(160, drawn));
}

const intersects = (a: Box, b: Box) =>
  Math.abs(a.x - b.x) * 2 < a.width + b.width && Math.abs(a.y - b.y) * 2 < a.height + b.height;

/**
 * Pairs of things that cover each other: edge labels, states and group titles. Empty for a
 * readable layout (the unit tests check every registered machine).
 */
export function overlaps(layout: ChartLayout): string[] {
  const boxes: Array<[string, Box]> = [
    ...layout.states.map((state): [string, Box] => [`state ${state.id}`, state]),
    ...layout.groups.map((group): [string, Box] => [`title of ${group.id}`, group.title]),
    ...layout.edges.flatMap((edge): Array<[string, Box]> =>
      edge.label ? [[`label of ${edge.id}`, edge.label]] : [],
    ),
  ];
  const found: string[] = [];
  boxes.forEach(([name, a], index) => {
    for (const [other, b] of boxes.slice(index + 1)) {
      if (intersects(a, b)) found.push(`${name} covers ${other}`);
    }
  });
  return found;
}
