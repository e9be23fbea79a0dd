import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { MachineChart as Chart } from '../../machines/devtools/chart';
import { selectIsDark, themeActor } from '../../machines/shell/theme.machine';
import { styled } from '../ui/theme';
import { EVENTLESS_LABELLED_UP_TO } from '../../machines/devtools/machinesPage.machine';

const Canvas = styled('div', {
  width: '100%',
  height: '600px',
  border: '1px solid $border',
  borderRadius: '$3',
  backgroundColor: '$surface',
  overflow: 'hidden',
});

const Legend = styled('p', { margin: '$2 0 0', fontSize: '$1', color: '$textMuted' });

type G6Graph = import('@antv/g6').Graph;

/** Canvas colours can't be CSS variables; one palette per theme, matching theme.ts. */
const PALETTES = {
  light: {
    node: '#ffffff',
    group: '#f6f8fa',
    border: '#8c959f',
    groupBorder: '#d0d7de',
    text: '#1f2328',
    muted: '#59636e',
    initial: '#0b5cad',
    final: '#1f2328',
    edge: '#8c959f',
    labelBg: '#ffffff',
    current: '#dafbe1',
    currentBorder: '#1a7f37',
  },
  dark: {
    node: '#161b22',
    group: '#1c2128',
    border: '#6e7681',
    groupBorder: '#30363d',
    text: '#e6edf3',
    muted: '#9198a1',
    initial: '#4493f8',
    final: '#e6edf3',
    edge: '#6e7681',
    labelBg: '#161b22',
    current: '#12261b',
    currentBorder: '#3fb950',
  },
};

/** On the canvas a guard shows by name; its params are in the state's details. */
const shortLabel = (label: string) => label.replace(/\[(\w+)\([^)\]]*\)\]/, '[$1]');

interface DrawnEdge {
  id: string;
  source: string;
  target: string;
  lines: string[];
  /** Only eventless transitions: drawn dashed. */
  eventless: boolean;
  /** Eventless both ways between the two states: one line, an arrow at each end. */
  twoWay: boolean;
}

/**
 * The machine's own transitions (from the root) are listed with the root state instead: drawn,
 * they would cross every other edge. Transitions between the same two drawn states share one
 * edge, one label line each, so parallel edges do not pile their labels on each other. When a
 * machine has many eventless transitions (a state decided from facts), they are drawn dashed,
 * both ways on one line and without labels: the state's details list their guards.
 */
function drawnEdges(
  chart: Chart,
  root: string,
  groups: Set<string>,
  leafOf: (id: string) => string,
) {
  const byId = new Map(chart.nodes.map((node) => [node.id, node]));
  const quiet = chart.edges.filter((edge) => edge.event === '').length > EVENTLESS_LABELLED_UP_TO;
  const merged = new Map<string, DrawnEdge>();
  for (const edge of chart.edges) {
    if (edge.source === root || edge.target === root) continue;
    const source = leafOf(edge.source);
    const target = leafOf(edge.target);
    const eventless = edge.event === '';
    const group = groups.has(edge.source) ? `(${byId.get(edge.source)?.label}) ` : '';
    const line = quiet && eventless ? '' : `${group}${shortLabel(edge.label)}`;
    const reverse = merged.get(`${target}->${source}`);
    if (quiet && eventless && reverse?.eventless && source !== target) {
      reverse.twoWay = true;
      continue;
    }
    const key = `${source}->${target}`;
    const existing = merged.get(key);
    if (!existing)
      merged.set(key, { id: key, source, target, lines: [line], eventless, twoWay: false });
    else {
      existing.eventless &&= eventless;
      if (!existing.lines.includes(line)) existing.lines.push(line);
    }
  }
  return [...merged.values()].map(({ id, source, target, lines, eventless, twoWay }) => ({
    id,
    source,
    target,
    data: { label: lines.filter(Boolean).join('\n'), eventless, twoWay },
  }));
}

/** G6 data: compound and parallel states are combos, the others nodes (issue 10). */
export function toGraphData(chart: Chart) {
  const groups = new Set(
    chart.nodes
      .filter((node) => node.type === 'compound' || node.type === 'parallel')
      .map((node) => node.id),
  );
  const root = chart.id;
  const comboOf = (parent: string | undefined) => (parent === root ? undefined : parent);
  // The layout links nodes only. Entering a group enters its initial state, so an edge into a
  // group is drawn to that state; a group's own transition is drawn from the same state, its
  // label naming the group.
  const leafOf = (id: string): string => {
    const children = chart.nodes.filter((node) => node.parent === id);
    if (!groups.has(id) || children.length === 0) return id;
    return leafOf((children.find((node) => node.isInitial) ?? children[0]!).id);
  };
  return {
    combos: chart.nodes
      .filter((node) => groups.has(node.id) && node.id !== root)
      .map((node) => ({
        id: node.id,
        combo: comboOf(node.parent),
        data: {
          label: `${node.isInitial ? '▸ ' : ''}${node.label}${node.type === 'parallel' ? ' (parallel)' : ''}`,
        },
      })),
    nodes: chart.nodes
      .filter((node) => !groups.has(node.id))
      .map((node) => ({
        id: node.id,
        combo: comboOf(node.parent),
        data: {
          label: `${node.isInitial ? '▸ ' : ''}${node.label}${node.type === 'final' ? ' ◉' : ''}`,
          isInitial: node.isInitial,
          isFinal: node.type === 'final',
        },
      })),
    edges: drawnEdges(chart, root, groups, leafOf),
  };
}

function applyStates(graph: G6Graph | null, states: Record<string, string[]>) {
  if (!graph) return;
  try {
    void graph.setElementState(states);
  } catch {
    // Still rendering: the states are applied again once it has.
  }
}

const nodeWidth = (label: string) => Math.max(96, label.length * 7 + 28);

/** Draws a machine's chart; the G6 instance is a rendering detail of this element. */
export function MachineChart({
  chart,
  highlighted,
  selectedStateId,
  onSelectState,
}: {
  chart: Chart;
  highlighted: string[];
  selectedStateId: string | null;
  onSelectState: (stateId: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const graphRef = useRef<G6Graph | null>(null);
  const onSelect = useRef(onSelectState);
  const dark = useSelector(themeActor(), selectIsDark);
  useEffect(() => {
    onSelect.current = onSelectState;
  });

  useEffect(() => {
    let cancelled = false;
    let graph: G6Graph | null = null;
    const colors = dark ? PALETTES.dark : PALETTES.light;
    // No 2D canvas (a test DOM, a locked-down browser): the list of states stands in for it.
    if (!document.createElement('canvas').getContext('2d')) return undefined;
    void import('@antv/g6').then(({ Graph }) => {
      if (cancelled || !container.current) return;
      graph = new Graph({
        container: container.current,
        autoFit: 'view',
        padding: 24,
        data: toGraphData(chart),
        node: {
          type: 'rect',
          style: {
            size: (d) => [nodeWidth(String(d.data?.label ?? d.id)), 34],
            radius: 8,
            fill: colors.node,
            stroke: (d) =>
              d.data?.isFinal ? colors.final : d.data?.isInitial ? colors.initial : colors.border,
            lineWidth: (d) => (d.data?.isFinal ? 3 : d.data?.isInitial ? 2 : 1),
            labelText: (d) => String(d.data?.label ?? d.id),
            labelFill: colors.text,
            labelPlacement: 'center',
            labelFontSize: 12,
            cursor: 'pointer',
          },
          state: {
            active: { fill: colors.current, stroke: colors.currentBorder, lineWidth: 3 },
            selected: {
              stroke: colors.initial,
              lineWidth: 3,
              shadowColor: colors.initial,
              shadowBlur: 6,
            },
          },
        },
        combo: {
          type: 'rect',
          style: {
            radius: 8,
            padding: [28, 16, 16, 16],
            fill: colors.group,
            stroke: colors.groupBorder,
            labelText: (d) => String(d.data?.label ?? d.id),
            labelFill: colors.muted,
            labelFontSize: 12,
            labelPlacement: 'top',
            labelOffsetY: 22,
            cursor: 'pointer',
          },
          state: {
            active: { stroke: colors.currentBorder, lineWidth: 3 },
            selected: { stroke: colors.initial, lineWidth: 2 },
          },
        },
        edge: {
          type: 'polyline',
          style: {
            endArrow: true,
            startArrow: (d) => Boolean(d.data?.twoWay),
            lineDash: (d) => (d.data?.eventless ? [4, 3] : 0),
            stroke: colors.edge,
            labelText: (d) => String(d.data?.label ?? ''),
            labelFill: colors.text,
            labelFontSize: 10,
            labelBackground: (d) => Boolean(d.data?.label),
            labelBackgroundFill: colors.labelBg,
            labelBackgroundOpacity: 0.9,
            labelPadding: [1, 3],
            labelAutoRotate: false,
            loopPlacement: 'top',
          },
        },
        layout: {
          type: 'antv-dagre',
          rankdir: 'LR',
          ranksep: 56,
          nodesep: 18,
          sortByCombo: true,
          controlPoints: true,
        },
        behaviors: ['drag-canvas', 'zoom-canvas'],
      });
      const select = (event: unknown) => {
        const id = (event as { target?: { id?: string } }).target?.id;
        if (id) onSelect.current(id);
      };
      graph.on('node:click', select);
      graph.on('combo:click', select);
      graphRef.current = graph;
      graph
        .render()
        .then(() => applyStates(graphRef.current, elementStates.current))
        .catch((error: unknown) => console.error('machine chart', error));
    });
    return () => {
      cancelled = true;
      graphRef.current = null;
      graph?.destroy();
    };
  }, [chart, dark]);

  // The states to show (current, selected), applied now and again once a new graph has rendered.
  const elementStates = useRef<Record<string, string[]>>({});
  useEffect(() => {
    const states: Record<string, string[]> = {};
    for (const node of chart.nodes) {
      if (node.id === chart.id) continue;
      states[node.id] = [
        ...(highlighted.includes(node.id) ? ['active'] : []),
        ...(node.id === selectedStateId ? ['selected'] : []),
      ];
    }
    elementStates.current = states;
    applyStates(graphRef.current, states);
  }, [chart, highlighted, selectedStateId]);

  return (
    <>
      <Canvas ref={container} role="img" aria-label={`State chart of ${chart.id}`} />
      <Legend>
        ▸ initial state (blue border) · ◉ final state (thick border) · boxes group the children of a
        compound or parallel state · dashed: eventless (always) transitions · green: the current
        state of the actor you follow · drag to pan, scroll to zoom.
      </Legend>
    </>
  );
}
