import type { EdgeData, GraphData, NodeData } from '@antv/g6';
import { showInvisibles } from '../../../text/invisibles';
import { iconOf } from '../../ui/Status';
import { nodeDuration, type GraphModel, type GraphNode } from './graphData';

// How graph nodes look on the G6 canvas. The canvas cannot read the stitches theme's CSS
// variables, so the status colours of both themes (ui/theme.ts) are spelled out here.

export const NODE_WIDTH = 172;
export const NODE_HEIGHT = 50;
/**
 * Canvas text is not wrapped: longer names are cut (the node list shows them whole). A canvas
 * draws what it is given, so invisible characters are written out as `<U+202E>` first.
 */
const NAME_MAX_CHARS = 15;

type IconKind = ReturnType<typeof iconOf>;

interface Palette {
  kinds: Record<IconKind, { stroke: string; fill: string }>;
  text: string;
  mutedText: string;
  edge: string;
  focus: string;
}

const LIGHT: Palette = {
  kinds: {
    tick: { stroke: '#1a7f37', fill: '#eefbf0' },
    cross: { stroke: '#b42318', fill: '#fef3f2' },
    spinner: { stroke: '#9a6700', fill: '#fff8e1' },
    dash: { stroke: '#59636e', fill: '#f0f3f6' },
  },
  text: '#1f2328',
  mutedText: '#59636e',
  edge: '#8c959f',
  focus: '#0969da',
};

const DARK: Palette = {
  kinds: {
    tick: { stroke: '#3fb950', fill: '#12261b' },
    cross: { stroke: '#ff7b72', fill: '#2d1213' },
    spinner: { stroke: '#d29922', fill: '#2b2111' },
    dash: { stroke: '#9198a1', fill: '#1c2128' },
  },
  text: '#e6edf3',
  mutedText: '#9198a1',
  edge: '#6e7681',
  focus: '#4493f8',
};

/** docs/spec.md 4.1's icons as canvas text. */
const SYMBOLS: Record<IconKind, string> = { tick: '✓', cross: '✕', spinner: '●', dash: '–' };

export function shortName(name: string): string {
  const shown = showInvisibles(name);
  return shown.length > NAME_MAX_CHARS ? `${shown.slice(0, NAME_MAX_CHARS - 1)}…` : shown;
}

/** The drawn text of a node: its name, then its duration when it has one. */
export function nodeLabel(node: GraphNode, nowMs: number): string {
  const duration = nodeDuration(node, nowMs);
  return duration ? `${shortName(node.name)}\n${duration}` : shortName(node.name);
}

function nodeStyle(node: GraphNode, nowMs: number, palette: Palette): NodeData['style'] {
  const kind = iconOf(node.status);
  const colors = palette.kinds[kind];
  return {
    size: [NODE_WIDTH, NODE_HEIGHT],
    radius: 8,
    fill: colors.fill,
    stroke: node.current ? palette.focus : colors.stroke,
    lineWidth: node.current ? 3 : 1.5,
    opacity: node.selectable ? 1 : 0.6,
    cursor: node.selectable ? 'pointer' : 'not-allowed',
    iconText: SYMBOLS[kind],
    iconFill: colors.stroke,
    iconFontSize: 18,
    iconFontWeight: 700,
    iconX: -NODE_WIDTH / 2 + 20,
    labelText: nodeLabel(node, nowMs),
    labelPlacement: 'center',
    labelTextAlign: 'left',
    labelOffsetX: -NODE_WIDTH / 2 + 38,
    labelFill: node.selectable ? palette.text : palette.mutedText,
    labelFontSize: 13,
    labelLineHeight: 17,
    labelFontWeight: node.current ? 700 : 500,
  };
}

/** The graph model as G6 data; `data` carries what a click needs. */
export function toG6Data(model: GraphModel, nowMs: number, dark = false): GraphData {
  const palette = dark ? DARK : LIGHT;
  return {
    nodes: model.nodes.map((node): NodeData => ({
      id: node.id,
      data: { number: node.number, selectable: node.selectable },
      style: nodeStyle(node, nowMs, palette),
    })),
    edges: model.edges.map((edge): EdgeData => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      style: { stroke: palette.edge },
    })),
  };
}
