import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { MachineChart as Chart } from '../../machines/devtools/chart';
import {
  EDGE_FONT_SIZE,
  groupIds,
  sameViewport,
  STATE_FONT_SIZE,
  type Box,
  type ChartLayout,
  type Viewport,
} from '../../machines/devtools/chartLayout';
import { machineChartMachine, ZOOM_RANGE } from '../../machines/devtools/machineChart.machine';
import { selectIsDark, themeActor } from '../../machines/shell/theme.machine';
import { Button, IconButton, useT } from '../ui';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { statePath } from './StateList';
import '../../i18n/en/devtools';

const Canvas = styled('div', {
  width: '100%',
  border: '1px solid $border',
  borderRadius: '$3',
  backgroundColor: '$surface',
  overflow: 'hidden',
  touchAction: 'none',
});

const Toolbar = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$1',
  margin: '$2 0',
  fontSize: '$1',
  color: '$textMuted',
});

const Legend = styled('p', { margin: '$2 0 0', fontSize: '$1', color: '$textMuted' });

type G6Graph = import('@antv/g6').Graph;
type GraphData = import('@antv/g6').GraphData;

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

type Palette = (typeof PALETTES)['light'];

const FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace';
const TITLE = 'title:';
const LABEL = 'label:';
const PAN_STEP = 80;
/** A wheel notch's zoom, as G6's zoom-canvas takes it: 1% a pixel, at most 50% a turn. */
const wheelRatio = (deltaY: number) => 1 + Math.min(50, Math.max(-50, -deltaY)) / 100;

/**
 * G6 data for a layout: every position is the layout's, G6 lays nothing out. Group titles and
 * edge labels are shapes of their own, placed where the layout made room for them.
 */
function toGraphData(layout: ChartLayout, colors: Palette): GraphData {
  const size = (box: Box): [number, number] => [box.width, box.height];
  const text = { labelFontFamily: FONT, labelPlacement: 'center' as const, labelFill: colors.text };
  const groups = layout.groups.flatMap((group) => [
    {
      id: group.id,
      style: {
        x: group.x,
        y: group.y,
        size: size(group),
        radius: 8,
        fill: colors.group,
        stroke: colors.groupBorder,
        zIndex: group.depth - 100,
        cursor: 'pointer' as const,
      },
    },
    {
      id: `${TITLE}${group.id}`,
      style: {
        ...text,
        x: group.title.x,
        y: group.title.y,
        size: size(group.title),
        fillOpacity: 0,
        lineWidth: 0,
        labelText: group.label,
        labelFill: colors.muted,
        labelFontSize: STATE_FONT_SIZE,
        zIndex: group.depth - 99,
        cursor: 'pointer' as const,
      },
    },
  ]);
  const states = layout.states.map((state) => ({
    id: state.id,
    style: {
      ...text,
      x: state.x,
      y: state.y,
      size: size(state),
      radius: 8,
      fill: colors.node,
      stroke: state.isFinal ? colors.final : state.isInitial ? colors.initial : colors.border,
      lineWidth: state.isFinal ? 3 : state.isInitial ? 2 : 1,
      lineDash: state.folded ? [6, 3] : 0,
      labelText: state.label,
      labelFontSize: STATE_FONT_SIZE,
      zIndex: 10,
      cursor: 'pointer' as const,
    },
  }));
  const labels = layout.edges.flatMap((edge) =>
    edge.label
      ? [
          {
            id: `${LABEL}${edge.id}`,
            style: {
              ...text,
              x: edge.label.x,
              y: edge.label.y,
              size: size(edge.label),
              fill: colors.labelBg,
              fillOpacity: 0.92,
              lineWidth: 0,
              labelText: edge.lines.join('\n'),
              labelFontSize: EDGE_FONT_SIZE,
              labelLineHeight: Math.round(EDGE_FONT_SIZE * 1.3),
              zIndex: 20,
            },
          },
        ]
      : [],
  );
  const edges = layout.edges.map((edge) => {
    const loop = edge.source === edge.target;
    return {
      id: edge.id,
      source: edge.source,
      target: edge.target,
      style: {
        // A loop goes round the points dagre gave it, beside its state; other edges end on the
        // states' borders, which G6 finds from the inner points.
        loop: false,
        controlPoints: (loop ? edge.points : edge.points.slice(1, -1)).map(
          ({ x, y }): [number, number] => [x, y],
        ),
        radius: 6,
        endArrow: true,
        startArrow: edge.twoWay,
        lineDash: edge.eventless ? [4, 3] : 0,
        stroke: colors.edge,
        zIndex: 5,
      },
    };
  });
  return { nodes: [...groups, ...states, ...labels], edges };
}

function applyStates(graph: G6Graph | null, states: Record<string, string[]>) {
  if (!graph) return;
  try {
    void graph.setElementState(states);
  } catch {
    // Still rendering: the states are applied again once it has.
  }
}

/** The machine's viewport of a graph: its zoom, and where the layout's origin is on screen. */
function viewportOf(graph: G6Graph): Viewport {
  const [x = 0, y = 0] = graph.getViewportByCanvas([0, 0]);
  return { zoom: graph.getZoom(), x, y };
}

/**
 * Draws a machine's chart: the chart machine lays it out for the canvas's width and holds the
 * viewport; G6 paints it and reports Ctrl/⌘ + wheel zooms and drags. The canvas's attributes say what a
 * reader sees: the zoom, the state names' size on screen, the drawing's width.
 */
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
  const t = useT();
  const actor = useInspectedActorRef(machineChartMachine, { input: { chart } });
  const { layout, viewport, height, folded, fit } = useSelector(actor, (s) => s.context);
  const fitted = useSelector(actor, (s) => s.matches('fitted'));
  const container = useRef<HTMLDivElement>(null);
  const graphRef = useRef<G6Graph | null>(null);
  const onSelect = useRef(onSelectState);
  const dark = useSelector(themeActor(), selectIsDark);
  useEffect(() => {
    onSelect.current = onSelectState;
  });
  const groupIdList = groupIds(chart);
  const groups = chart.nodes.filter((node) => groupIdList.includes(node.id));

  // The canvas's width decides the layout; its height follows the drawing, up to 3/4 screen.
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const measure = () =>
      actor.send({
        type: 'chart.resized',
        width: element.clientWidth,
        maxHeight: Math.round(window.innerHeight * 0.75),
      });
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [actor]);

  // The wheel scrolls the page; with Ctrl or ⌘ held (a trackpad's pinch too) it zooms about the
  // pointer, and G6 reports the move as it does a drag's.
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const graph = graphRef.current;
      if (!graph) return;
      const box = element.getBoundingClientRect();
      const at: [number, number] = [event.clientX - box.left, event.clientY - box.top];
      void graph
        .zoomTo(graph.getZoom() * wheelRatio(event.deltaY), false, at)
        .catch((error: unknown) => console.error('machine chart', error));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  // The viewport to show, applied now and again once a new graph has rendered.
  const shown = useRef(viewport);
  // The graph whose viewport is being set: its transforms meanwhile are not the user's. Per
  // graph, as a graph destroyed halfway through never finishes.
  const applying = useRef<G6Graph | null>(null);
  // data-viewport-shown tells tests when the canvas shows the machine's viewport (a drag before
  // then is overridden by it).
  const showViewport = async (graph: G6Graph | null, target: Viewport) => {
    const element = container.current;
    if (!graph || !element) return;
    if (!sameViewport(target, viewportOf(graph))) {
      element.dataset.viewportShown = 'false';
      applying.current = graph;
      try {
        await graph.zoomTo(target.zoom, false);
        const { x, y } = viewportOf(graph);
        await graph.translateBy([target.x - x, target.y - y], false);
      } finally {
        if (applying.current === graph) applying.current = null;
      }
    }
    if (graphRef.current === graph && shown.current === target) {
      element.dataset.viewportShown = 'true';
    }
  };

  useEffect(() => {
    let cancelled = false;
    let graph: G6Graph | null = null;
    const colors = dark ? PALETTES.dark : PALETTES.light;
    // No 2D canvas (a test DOM, a locked-down browser): the list of states stands in for it.
    if (!document.createElement('canvas').getContext('2d')) return undefined;
    void import('@antv/g6').then(({ Graph, GraphEvent }) => {
      if (cancelled || !container.current) return;
      graph = new Graph({
        container: container.current,
        width: container.current.clientWidth,
        height,
        data: toGraphData(layout, colors),
        zoomRange: [ZOOM_RANGE.min, ZOOM_RANGE.max],
        node: {
          type: 'rect',
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
        edge: { type: 'polyline' },
        // No zoom-canvas: it takes every wheel turn over the canvas, so the page could not
        // scroll past it. The wheel zooms only with Ctrl or ⌘ (below).
        behaviors: ['drag-canvas'],
      });
      const idOf = (event: unknown) => {
        const id = (event as { target?: { id?: string } }).target?.id ?? '';
        if (id.startsWith(LABEL)) return null;
        return id.startsWith(TITLE) ? id.slice(TITLE.length) : id || null;
      };
      graph.on('node:click', (event) => {
        const id = idOf(event);
        if (id) onSelect.current(id);
      });
      // A double click folds a group, or unfolds a folded one.
      graph.on('node:dblclick', (event) => {
        const id = idOf(event);
        if (id) actor.send({ type: 'chart.toggleGroup', id });
      });
      graph.on(GraphEvent.AFTER_TRANSFORM, () => {
        // Transforms while it renders, or while the machine's viewport is applied, are not moves.
        if (!graph || graphRef.current !== graph || applying.current === graph) return;
        actor.send({ type: 'chart.moved', viewport: viewportOf(graph) });
      });
      const drawn = graph;
      drawn
        .render()
        .then(async () => {
          if (cancelled) return;
          // Only a rendered graph has a viewport to set.
          graphRef.current = drawn;
          await showViewport(drawn, shown.current);
          applyStates(drawn, elementStates.current);
        })
        .catch((error: unknown) => console.error('machine chart', error));
    });
    return () => {
      cancelled = true;
      graphRef.current = null;
      graph?.destroy();
    };
    // A new layout or theme is a new graph.
  }, [layout, height, dark, actor]);

  useEffect(() => {
    shown.current = viewport;
    void showViewport(graphRef.current, viewport).catch((error: unknown) =>
      console.error('machine chart', error),
    );
  }, [viewport]);

  // The states to show (current, selected), applied now and again once a new graph has rendered.
  const elementStates = useRef<Record<string, string[]>>({});
  useEffect(() => {
    const states: Record<string, string[]> = {};
    for (const { id } of [...layout.states, ...layout.groups]) {
      states[id] = [
        ...(highlighted.includes(id) ? ['active'] : []),
        ...(id === selectedStateId ? ['selected'] : []),
      ];
    }
    elementStates.current = states;
    applyStates(graphRef.current, states);
  }, [layout, highlighted, selectedStateId]);

  const send = actor.send;
  const pans = [
    [t('devtools.chart.panLeft'), '←', PAN_STEP, 0],
    [t('devtools.chart.panRight'), '→', -PAN_STEP, 0],
    [t('devtools.chart.panUp'), '↑', 0, PAN_STEP],
    [t('devtools.chart.panDown'), '↓', 0, -PAN_STEP],
  ] as const;
  return (
    <>
      <Toolbar role="toolbar" aria-label={t('devtools.chart.view')}>
        <Button size="small" onClick={() => send({ type: 'chart.zoomIn' })}>
          {t('devtools.chart.zoomIn')}
        </Button>
        <Button size="small" onClick={() => send({ type: 'chart.zoomOut' })}>
          {t('devtools.chart.zoomOut')}
        </Button>
        <Button size="small" aria-pressed={fitted} onClick={() => send({ type: 'chart.fit' })}>
          {t('devtools.chart.fit')}
        </Button>
        {pans.map(([name, arrow, dx, dy]) => (
          <IconButton
            key={name}
            size="small"
            variant="secondary"
            aria-label={name}
            title={name}
            onClick={() => send({ type: 'chart.pan', dx, dy })}
          >
            {arrow}
          </IconButton>
        ))}
        <span aria-live="polite">{Math.round(viewport.zoom * 100)}%</span>
      </Toolbar>
      {groups.length ? (
        <Toolbar role="group" aria-label={t('devtools.chart.nested')}>
          {t('devtools.chart.nestedLabel')}
          {groups.map((group) => {
            const open = !folded.includes(group.id);
            return (
              <Button
                key={group.id}
                size="small"
                variant="ghost"
                aria-expanded={open}
                onClick={() => send({ type: 'chart.toggleGroup', id: group.id })}
              >
                {open ? '▾' : '▸'} {statePath(chart, group)}
              </Button>
            );
          })}
        </Toolbar>
      ) : null}
      <Canvas
        ref={container}
        role="img"
        aria-label={t('devtools.chart.label', { id: chart.id })}
        style={{ height }}
        data-zoom={viewport.zoom.toFixed(3)}
        data-fit-zoom={fit.zoom.toFixed(3)}
        data-origin-x={Math.round(viewport.x)}
        data-origin-y={Math.round(viewport.y)}
        data-state-font-px={(viewport.zoom * STATE_FONT_SIZE).toFixed(1)}
        data-drawing-width={Math.round(layout.width * viewport.zoom)}
        data-drawing-height={Math.round(layout.height * viewport.zoom)}
        data-direction={layout.direction}
        data-drawn-states={layout.states.length + layout.groups.length}
      />
      <Legend>{t('devtools.chart.legend')}</Legend>
    </>
  );
}
