import { useEffect, useRef } from 'react';
import type { MachineChart as Chart } from '../../machines/chart';
import { styled } from '../ui/theme';

const Canvas = styled('div', {
  width: '100%',
  height: '560px',
  border: '1px solid $border',
  borderRadius: '$3',
  backgroundColor: '$surface',
});

type G6Graph = import('@antv/g6').Graph;

/** G6 data: compound and parallel states are combos, the others nodes (issue 10). */
function toGraphData(chart: Chart) {
  const groups = new Set(
    chart.nodes
      .filter((node) => node.type === 'compound' || node.type === 'parallel')
      .map((n) => n.id),
  );
  const root = chart.nodes.find((node) => !node.parent)?.id;
  return {
    combos: chart.nodes
      .filter((node) => groups.has(node.id) && node.id !== root)
      .map((node) => ({
        id: node.id,
        combo: node.parent === root ? undefined : node.parent,
        data: { label: node.type === 'parallel' ? `${node.label} (parallel)` : node.label },
      })),
    nodes: chart.nodes
      .filter((node) => !groups.has(node.id))
      .map((node) => ({
        id: node.id,
        combo: node.parent === root ? undefined : node.parent,
        data: { label: node.label, isInitial: node.isInitial, isFinal: node.type === 'final' },
      })),
    // Transitions of a group (or of the machine itself) start from its first child on the chart.
    edges: chart.edges
      .filter((edge) => edge.source !== root && edge.target !== root)
      .map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        data: { label: edge.label },
      })),
  };
}

/** Draws a machine's chart; the G6 instance is a rendering detail of this element. */
export function MachineChart({
  chart,
  highlighted,
  onSelectState,
}: {
  chart: Chart;
  highlighted: string[];
  onSelectState: (stateId: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const graphRef = useRef<G6Graph | null>(null);
  const onSelect = useRef(onSelectState);
  onSelect.current = onSelectState;

  useEffect(() => {
    let cancelled = false;
    let graph: G6Graph | null = null;
    void import('@antv/g6').then(({ Graph }) => {
      if (cancelled || !container.current) return;
      graph = new Graph({
        container: container.current,
        autoFit: 'view',
        data: toGraphData(chart),
        node: {
          type: 'rect',
          style: {
            size: [130, 36],
            radius: 8,
            fill: '#ffffff',
            stroke: (d) => (d.data?.isInitial ? '#0b5cad' : '#8c959f'),
            lineWidth: (d) => (d.data?.isFinal ? 4 : d.data?.isInitial ? 2 : 1),
            labelText: (d) => `${d.data?.isInitial ? '▸ ' : ''}${String(d.data?.label ?? d.id)}`,
            labelPlacement: 'center',
            labelFontSize: 12,
          },
          state: { active: { fill: '#dafbe1', stroke: '#1a7f37', lineWidth: 3 } },
        },
        combo: {
          type: 'rect',
          style: {
            radius: 8,
            fill: '#f6f8fa',
            stroke: '#d0d7de',
            labelText: (d) => String(d.data?.label ?? d.id),
            labelPlacement: 'top',
          },
          state: { active: { stroke: '#1a7f37', lineWidth: 3 } },
        },
        edge: {
          type: 'polyline',
          style: {
            endArrow: true,
            labelText: (d) => String(d.data?.label ?? ''),
            labelFontSize: 10,
            labelBackground: true,
            stroke: '#8c959f',
          },
        },
        layout: { type: 'antv-dagre', rankdir: 'LR', ranksep: 60, nodesep: 24, sortByCombo: true },
        behaviors: ['drag-canvas', 'zoom-canvas'],
      });
      const select = (event: unknown) => {
        const id = (event as { target?: { id?: string } }).target?.id;
        if (id) onSelect.current(id);
      };
      graph.on('node:click', select);
      graph.on('combo:click', select);
      graphRef.current = graph;
      void graph.render();
    });
    return () => {
      cancelled = true;
      graphRef.current = null;
      graph?.destroy();
    };
  }, [chart]);

  useEffect(() => {
    const graph = graphRef.current;
    if (!graph) return;
    const states: Record<string, string[]> = {};
    for (const node of chart.nodes)
      states[node.id] = highlighted.includes(node.id) ? ['active'] : [];
    try {
      void graph.setElementState(states);
    } catch {
      // The graph may still be rendering; the next report highlights again.
    }
  }, [chart, highlighted]);

  return <Canvas ref={container} role="img" aria-label={`State chart of ${chart.id}`} />;
}
