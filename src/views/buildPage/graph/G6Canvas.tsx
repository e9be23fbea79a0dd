import { Graph, NodeEvent, type IElementEvent } from '@antv/g6';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { selectIsDark, themeActor } from '../../../machines/shell/theme.machine';
import type { GraphViewport } from '../../../machines/buildPage/graphView.machine';
import { styled, useNow } from '../../ui';
import { NODE_HEIGHT, NODE_WIDTH, toG6Data } from './g6Data';
import { structureKey, type GraphModel } from './graphData';

// The G6 instance is a rendering detail of this component: created once on mount, fed new data
// as the build changes (restyled in place, laid out again only when nodes or edges change),
// zoomed as the graph view machine says, and destroyed on unmount. This module is loaded on
// demand (React.lazy), so G6 is never part of the first load.

export interface G6CanvasProps {
  model: GraphModel;
  viewport: GraphViewport;
  label: string;
  /** A selectable node was clicked: its stage or step number. */
  onSelect: (number: number) => void;
  /** A fit ended at this zoom, in percent. */
  onFitted: (zoom: number) => void;
}

type Task = (graph: Graph) => Promise<void> | void;

/**
 * G6's calls are asynchronous: they run one after another, against the live instance, and not
 * at all once it is destroyed. `drawn` remembers which structure the instance has laid out.
 */
function createGraphQueue() {
  const queue = {
    graph: null as Graph | null,
    drawn: null as string | null,
    tail: Promise.resolve(),
    run(task: Task) {
      queue.tail = queue.tail
        .then(() => (queue.graph ? task(queue.graph) : undefined))
        .catch((error: unknown) => {
          // A task cut short by an unmount is expected; anything else is a drawing defect.
          if (queue.graph) console.error('graph view:', error);
        });
    },
  };
  return queue;
}

export default function G6Canvas({ model, viewport, label, onSelect, onFitted }: G6CanvasProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const queue = useMemo(createGraphQueue, []);
  const handlers = useRef({ onSelect, onFitted, model });
  useEffect(() => {
    handlers.current = { onSelect, onFitted, model };
  });

  // Durations tick only while something runs; otherwise the data stays the same object.
  const now = useNow();
  const ticking = model.nodes.some((node) => node.status === 'running');
  const clock = ticking ? now : 0;
  const dark = useSelector(themeActor(), selectIsDark);
  const data = useMemo(() => toG6Data(model, clock, dark), [model, clock, dark]);
  const structure = structureKey(model);

  useEffect(() => {
    const frame = frameRef.current;
    const container = containerRef.current;
    if (!frame || !container) return;
    const graph = new Graph({
      container,
      autoFit: 'center',
      animation: false,
      zoomRange: [0.05, 8],
      node: { type: 'rect' },
      edge: {
        type: 'cubic-horizontal',
        style: { lineWidth: 1.5, endArrow: true, endArrowSize: 8 },
      },
      layout: {
        type: 'antv-dagre',
        rankdir: 'LR',
        nodesep: 14,
        ranksep: 36,
        nodeSize: [NODE_WIDTH, NODE_HEIGHT],
      },
      behaviors: ['drag-canvas'],
    });
    graph.on(NodeEvent.CLICK, (event: IElementEvent) => {
      const id = (event.target as { id?: string }).id;
      const node = handlers.current.model.nodes.find((item) => item.id === id);
      if (node?.selectable) handlers.current.onSelect(node.number);
    });
    queue.graph = graph;
    queue.drawn = null;
    // The split panel changes the canvas size without a window resize; the graph stays centred.
    // The frame is measured: G6 makes its own container as big as its canvas.
    const observer = new ResizeObserver(() => {
      const { clientWidth, clientHeight } = frame;
      if (clientWidth > 0 && clientHeight > 0) {
        queue.run(async (g) => {
          g.resize(clientWidth, clientHeight);
          if (queue.drawn !== null) await g.fitCenter(false);
        });
      }
    });
    observer.observe(frame);
    return () => {
      observer.disconnect();
      queue.graph = null;
      graph.destroy();
    };
  }, [queue]);

  useEffect(() => {
    queue.run(async (graph) => {
      if (queue.drawn !== structure) {
        graph.setData(data);
        await graph.render();
        queue.drawn = structure;
        // G6 puts its canvases in the tab order (tabindex 1); the node list is the keyboard way.
        for (const canvas of Array.from(
          graph.getCanvas().getContainer()?.querySelectorAll('canvas') ?? [],
        )) {
          canvas.tabIndex = -1;
        }
      } else {
        graph.updateData(data);
        await graph.draw();
      }
    });
  }, [queue, data, structure]);

  useEffect(() => {
    queue.run((graph) => graph.zoomTo(viewport.zoom / 100, false));
  }, [queue, viewport.zoom]);

  useEffect(() => {
    if (viewport.fitRequests === 0) return;
    queue.run(async (graph) => {
      await graph.fitView(undefined, false);
      handlers.current.onFitted(graph.getZoom() * 100);
    });
  }, [queue, viewport.fitRequests]);

  useEffect(() => {
    if (viewport.resetRequests === 0) return;
    queue.run(async (graph) => {
      await graph.zoomTo(1, false);
      await graph.fitCenter(false);
    });
  }, [queue, viewport.resetRequests]);

  return (
    <Frame ref={frameRef} role="img" aria-label={label} data-testid="graph-canvas">
      <div ref={containerRef} style={{ width: '100%', height: '100%' }} />
    </Frame>
  );
}

const Frame = styled('div', {
  position: 'absolute',
  inset: 0,
  overflow: 'hidden',
  canvas: { display: 'block' },
});
