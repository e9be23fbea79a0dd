import { useSelector } from '@xstate/react';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import {
  selectIsDragging,
  selectSplitSize,
  selectSplitTotal,
  SPLIT_KEY_STEP,
  SPLIT_MIN,
} from '../../../machines/buildPage/graphView.machine';
import { styled, useT } from '../../ui';
import type { GraphViewRef } from './GraphPanel';
import '../../../i18n/en/buildViews';

const DIVIDER = 10;

/**
 * docs/spec.md 2.9 / 9: the stage graph above, the step graph below, each at least 190px, with a divider
 * that can be dragged or moved with the arrow keys (Home and End go to either end). The machine
 * holds the size; this component only measures and reports pointer and key input.
 */
export function SplitPanel({
  viewRef,
  top,
  bottom,
}: {
  viewRef: GraphViewRef;
  top: ReactNode;
  bottom: ReactNode;
}) {
  const t = useT();
  const containerRef = useRef<HTMLDivElement>(null);
  const size = useSelector(viewRef, selectSplitSize);
  const total = useSelector(viewRef, selectSplitTotal);
  const dragging = useSelector(viewRef, selectIsDragging);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const measure = () => {
      // Nothing to share before layout (or without one, as in tests).
      const total = container.clientHeight - DIVIDER;
      if (total > 0) viewRef.send({ type: 'split.measured', total });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, [viewRef]);

  const sizeAt = (event: PointerEvent) => {
    const top = containerRef.current?.getBoundingClientRect().top ?? 0;
    return event.clientY - top - DIVIDER / 2;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowUp: () => viewRef.send({ type: 'split.move', delta: -SPLIT_KEY_STEP }),
      ArrowDown: () => viewRef.send({ type: 'split.move', delta: SPLIT_KEY_STEP }),
      PageUp: () => viewRef.send({ type: 'split.move', delta: -5 * SPLIT_KEY_STEP }),
      PageDown: () => viewRef.send({ type: 'split.move', delta: 5 * SPLIT_KEY_STEP }),
      Home: () => viewRef.send({ type: 'split.set', size: 0 }),
      End: () => viewRef.send({ type: 'split.set', size: Number.POSITIVE_INFINITY }),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <Container ref={containerRef} data-dragging={dragging || undefined}>
      <Pane
        id="graph-split-top"
        css={size === null ? { flex: '1 1 0' } : { flex: `0 0 ${size}px` }}
      >
        {top}
      </Pane>
      <Divider
        role="separator"
        tabIndex={0}
        aria-orientation="horizontal"
        aria-controls="graph-split-top"
        aria-label={t('build.graph.resize')}
        aria-valuemin={SPLIT_MIN}
        aria-valuemax={total === null ? undefined : Math.max(SPLIT_MIN, total - SPLIT_MIN)}
        aria-valuenow={size ?? undefined}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          viewRef.send({ type: 'split.dragStart' });
        }}
        onPointerMove={(event) => {
          if (dragging) viewRef.send({ type: 'split.drag', size: sizeAt(event) });
        }}
        onPointerUp={() => viewRef.send({ type: 'split.dragEnd' })}
        onPointerCancel={() => viewRef.send({ type: 'split.dragEnd' })}
      />
      <Pane css={{ flex: '1 1 0' }}>{bottom}</Pane>
    </Container>
  );
}

const Container = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  // Room for two 190px graphs and the divider, growing with the window.
  height: `max(${2 * SPLIT_MIN + DIVIDER}px, calc(100vh - 250px))`,
  border: '1px solid $border',
  borderRadius: '$3',
  backgroundColor: '$surface',
  overflow: 'hidden',
  '&[data-dragging]': { userSelect: 'none', cursor: 'row-resize' },
});

const Pane = styled('div', {
  minHeight: `${SPLIT_MIN}px`,
  overflow: 'hidden',
});

const Divider = styled('div', {
  flex: `0 0 ${DIVIDER}px`,
  cursor: 'row-resize',
  touchAction: 'none',
  backgroundColor: '$surfaceAlt',
  borderTop: '1px solid $border',
  borderBottom: '1px solid $border',
  position: 'relative',
  '&::after': {
    content: '""',
    position: 'absolute',
    left: '50%',
    top: '3px',
    width: '40px',
    height: '2px',
    marginLeft: '-20px',
    borderRadius: '$round',
    backgroundColor: '$textMuted',
  },
  '&:hover, &:focus-visible': { backgroundColor: '$border' },
  '&:focus-visible': { outlineOffset: '-2px' },
});
