import type { EdgeData, GraphData, NodeData } from '@antv/g6';
import { iconOf } from '../../ui/Status';
import { nodeDuration, type GraphModel, type GraphNode } from './graphData';

// How graph nodes look on the G6 canvas. The canvas cannot read the stitches theme's CSS
// variables, so the status colours are the theme's light values (ui/theme.ts), spelled out.

export const NODE_WIDTH = 164;
export const NODE_HEIGHT = 50;
/** Canvas text is not wrapped: longer names are cut (the node list shows them whole). */
const NAME_MAX_CHARS = 17;

type IconKind = ReturnType<typeof iconOf>;

const palette: Record<IconKind, { stroke: string; fill: string; symbol: string }> = {
  tick: { stroke: '#1a7f37', fill: '#eefbf0', symbol: '✓' },
  cross: { stroke: '#b42318', fill: '#fef3f2', symbol: '✕' },
  spinner: { stroke: '#9a6700', fill: '#fff8e1', symbol: '●' },
  dash: { stroke: '#59636e', fill: '#f0f3f6', symbol: '–' },
};

export const EDGE_COLOR = '#8c959f';
const TEXT_COLOR = '#1f2328';
const MUTED_TEXT_COLOR = '#59636e';
export const FOCUS_COLOR = '#0969da';

export const shortName = (name: string) =>
  name.length > NAME_MAX_CHARS ? `${name.slice(0, NAME_MAX_CHARS - 1)}…` : name;

/** The drawn text of a node: its name, then its duration when it has one. */
export function nodeLabel(node: GraphNode, nowMs: number): string {
  const duration = nodeDuration(node, nowMs);
  return duration ? `${shortName(node.name)}\n${duration}` : shortName(node.name);
}

function nodeStyle(node: GraphNode, nowMs: number): NodeData['style'] {
  const colors = palette[iconOf(node.status)];
  return {
    size: [NODE_WIDTH, NODE_HEIGHT],
    radius: 8,
    fill: colors.fill,
    stroke: node.current ? FOCUS_COLOR : colors.stroke,
    lineWidth: node.current ? 3 : 1.5,
    opacity: node.selectable ? 1 : 0.6,
    cursor: node.selectable ? 'pointer' : 'not-allowed',
    iconText: colors.symbol,
    iconFill: colors.stroke,
    iconFontSize: 18,
    iconFontWeight: 700,
    iconX: -NODE_WIDTH / 2 + 20,
    labelText: nodeLabel(node, nowMs),
    labelPlacement: 'center',
    labelTextAlign: 'left',
    labelOffsetX: -NODE_WIDTH / 2 + 38,
    labelFill: node.selectable ? TEXT_COLOR : MUTED_TEXT_COLOR,
    labelFontSize: 13,
    labelLineHeight: 17,
    labelFontWeight: node.current ? 700 : 500,
  };
}

/** The graph model as G6 data; `data` carries what a click needs. */
export function toG6Data(model: GraphModel, nowMs: number): GraphData {
  return {
    nodes: model.nodes.map((node): NodeData => ({
      id: node.id,
      data: { number: node.number, selectable: node.selectable },
      style: nodeStyle(node, nowMs),
    })),
    edges: model.edges.map((edge): EdgeData => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
    })),
  };
}
