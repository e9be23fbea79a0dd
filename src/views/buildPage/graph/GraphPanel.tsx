import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import {
  canZoomIn,
  canZoomOut,
  graphViewMachine,
  selectViewport,
} from '../../../machines/buildPage/graphView.machine';
import { onDemand } from '../../../boot/OnDemand';
import { Button, StatusIcon, styled, useNow, UserText, useT } from '../../ui';
import { showInvisibles } from '../../../text/invisibles';
import { nodeDuration, nodesInReadingOrder, type GraphModel, type GraphNode } from './graphData';
import '../../../i18n/en/buildViews';
import { threeLinesAtMost } from '../../ui/clamp';

const G6Canvas = onDemand(() => import('./G6Canvas').then((m) => m.default), 'build.graph.loading');

export type GraphViewRef = ActorRefFrom<typeof graphViewMachine>;

/**
 * One graph of the split panel: its title and zoom controls, the canvas, and the same nodes as
 * a compact list of links, because a canvas is invisible to the keyboard and to screen readers.
 */
export function GraphPanel({
  viewRef,
  model,
  title,
  hrefOf,
  onSelect,
}: {
  viewRef: GraphViewRef;
  model: GraphModel;
  title: string;
  /** Where a node goes; also what the list links to. */
  hrefOf: (node: GraphNode) => string;
  /** Runs on any selection, canvas or list, after or instead of following the link. */
  onSelect: (node: GraphNode, navigate: boolean) => void;
}) {
  const t = useT();
  const graph = model.kind;
  // The title may hold a stage name: labels get it as plain text with its invisibles written out.
  const label = showInvisibles(title);
  const viewport = useSelector(viewRef, selectViewport(graph));
  const headingId = `graph-${graph}-title`;
  const selectByNumber = (number: number) => {
    const node = model.nodes.find((item) => item.number === number);
    if (node?.selectable) onSelect(node, true);
  };
  return (
    <Panel aria-labelledby={headingId}>
      <Header>
        <h2 id={headingId}>
          <UserText>{title}</UserText>
        </h2>
        <Controls role="group" aria-label={t('build.graph.zoom', { graph: label })}>
          <Button
            size="small"
            aria-label={t('build.graph.zoomOut', { graph: label.toLowerCase() })}
            disabled={!canZoomOut(viewport)}
            onClick={() => viewRef.send({ type: 'zoom.out', graph })}
          >
            −
          </Button>
          <output aria-live="polite" aria-label={t('build.graph.zoomLevel', { graph: label })}>
            {viewport.zoom}%
          </output>
          <Button
            size="small"
            aria-label={t('build.graph.zoomIn', { graph: label.toLowerCase() })}
            disabled={!canZoomIn(viewport)}
            onClick={() => viewRef.send({ type: 'zoom.in', graph })}
          >
            +
          </Button>
          <Button
            size="small"
            aria-label={t('build.graph.fitLabel', { graph: label.toLowerCase() })}
            onClick={() => viewRef.send({ type: 'zoom.fit', graph })}
          >
            {t('build.graph.fit')}
          </Button>
          <Button
            size="small"
            aria-label={t('build.graph.resetLabel', { graph: label.toLowerCase() })}
            onClick={() => viewRef.send({ type: 'zoom.reset', graph })}
          >
            {t('build.graph.reset')}
          </Button>
        </Controls>
      </Header>
      <NodeList model={model} title={label} hrefOf={hrefOf} onSelect={onSelect} />
      <CanvasArea>
        {model.nodes.length === 0 ? (
          <Empty>{t('build.graph.empty')}</Empty>
        ) : (
          <G6Canvas
            model={model}
            viewport={viewport}
            label={t('build.graph.label', { graph: label })}
            onSelect={selectByNumber}
            onFitted={(zoom) => viewRef.send({ type: 'zoom.fitted', graph, zoom })}
          />
        )}
      </CanvasArea>
    </Panel>
  );
}

function NodeList({
  model,
  title,
  hrefOf,
  onSelect,
}: {
  model: GraphModel;
  title: string;
  hrefOf: (node: GraphNode) => string;
  onSelect: (node: GraphNode, navigate: boolean) => void;
}) {
  const t = useT();
  const now = useNow();
  return (
    <Nodes aria-label={t('build.graph.nodes', { graph: showInvisibles(title) })}>
      {nodesInReadingOrder(model).map((node) => {
        const duration = nodeDuration(node, now);
        const content = (
          <>
            <StatusIcon status={node.status} />
            <NodeName>
              <UserText>{node.name}</UserText>
            </NodeName>
            {duration ? <time>{duration}</time> : null}
          </>
        );
        return (
          <li key={node.id}>
            {node.selectable ? (
              <Link
                href={hrefOf(node)}
                aria-current={node.current ? 'true' : undefined}
                onClick={() => onSelect(node, false)}
              >
                {content}
              </Link>
            ) : (
              <span
                aria-disabled="true"
                title={t('build.graph.notSelectable', { name: showInvisibles(node.name) })}
              >
                {content}
              </span>
            )}
          </li>
        );
      })}
    </Nodes>
  );
}

const Panel = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  height: '100%',
  overflow: 'hidden',
});

const Header = styled('header', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$2',
  padding: '$1 $3',
  flexWrap: 'wrap',
  h2: {
    margin: 0,
    fontSize: '$2',
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
    // A stage's name of any length leaves the graph its room (issue 28 item 11).
    ...threeLinesAtMost,
  },
});

const Controls = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$1',
  output: {
    minWidth: '48px',
    textAlign: 'center',
    fontVariantNumeric: 'tabular-nums',
    fontSize: '$1',
    color: '$textMuted',
  },
});

const Nodes = styled('ul', {
  display: 'flex',
  gap: '$1',
  margin: 0,
  padding: '0 $3 $1',
  listStyle: 'none',
  overflowX: 'auto',
  flexShrink: 0,
  'a, span[aria-disabled]': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '$1',
    padding: '1px $2 1px $1',
    borderRadius: '$round',
    border: '1px solid $border',
    fontSize: '$1',
    whiteSpace: 'nowrap',
    color: '$text',
    textDecoration: 'none',
    backgroundColor: '$surface',
  },
  'a:hover': { backgroundColor: '$surfaceAlt' },
  'a[aria-current]': { borderColor: '$focus', fontWeight: 600 },
  'span[aria-disabled]': { color: '$textMuted', borderStyle: 'dashed' },
  time: { color: '$textMuted', fontVariantNumeric: 'tabular-nums' },
});

// Long names are cut on screen only; the link's accessible name keeps the whole text.
const NodeName = styled('span', {
  maxWidth: '28ch',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

const CanvasArea = styled('div', {
  position: 'relative',
  flex: '1 1 auto',
  minHeight: 0,
  backgroundColor: '$surfaceAlt',
  backgroundImage: 'radial-gradient($border 1px, transparent 1px)',
  backgroundSize: '16px 16px',
});

const Empty = styled('p', { margin: 0, padding: '$4', color: '$textMuted' });
