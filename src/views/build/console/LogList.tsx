import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { ActorRefFrom } from 'xstate';
import type { consoleMachine } from '../../../machines/console.machine';
import { styled } from '../../ui';
import { LogLine } from './LogLine';
import { selectCanFollow, selectFirstShownIndex, selectFollow, selectLines } from './selectors';

// The lines as a react-virtuoso list: only the visible rows are in the DOM, whatever the log's
// length (DESIGN.md 6). While following, it sticks to the bottom; any sign that the user scrolls
// up (wheel, keys, touch, the scrollbar) stops following.
const ESTIMATED_LINE_HEIGHT = 20;
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

const Viewport = styled('div', {
  // Fits the viewport under the build page's header, so the footer stays in view while following.
  maxHeight: 'max(240px, calc(100vh - 340px))',
  minHeight: '40px',
  padding: '$2 0',
  boxSizing: 'content-box',
});

export function LogList({ actorRef }: { actorRef: ActorRefFrom<typeof consoleMachine> }) {
  const lines = useSelector(actorRef, selectLines);
  const first = useSelector(actorRef, selectFirstShownIndex);
  const following = useSelector(
    actorRef,
    (snapshot) => selectFollow(snapshot) && selectCanFollow(snapshot),
  );
  const count = lines.length - first;
  // Layout only: the measured height of the list, so a short log takes little room.
  const [listHeight, setListHeight] = useState(0);
  const virtuoso = useRef<VirtuosoHandle>(null);

  useEffect(() => {
    if (following && count > 0) {
      virtuoso.current?.scrollToIndex({ index: count - 1, align: 'end' });
    }
  }, [following, lines, count]);

  const stopFollowing = () => {
    if (following) actorRef.send({ type: 'log.unfollow' });
  };
  const digits = String(lines.lastPos + 1).length;
  const style = {
    height: `${Math.max(listHeight, count * ESTIMATED_LINE_HEIGHT)}px`,
    '--log-number-width': `${Math.max(3, digits)}ch`,
  } as CSSProperties;

  return (
    <Viewport
      style={style}
      onWheel={(event) => {
        if (event.deltaY < 0) stopFollowing();
      }}
      onKeyDown={(event) => {
        if (UP_KEYS.has(event.key)) stopFollowing();
      }}
      onTouchMove={stopFollowing}
      onPointerDown={(event) => {
        // A press on the scroller's own scrollbar (to the right of its content box).
        const target = event.target as HTMLElement;
        if (event.nativeEvent.offsetX >= target.clientWidth) stopFollowing();
      }}
    >
      <Virtuoso
        ref={virtuoso}
        style={{ height: '100%' }}
        totalCount={count}
        defaultItemHeight={ESTIMATED_LINE_HEIGHT}
        increaseViewportBy={400}
        computeItemKey={(index) => lines.posAt(first + index)}
        itemContent={(index) => {
          const at = first + index;
          return <LogLine pos={lines.posAt(at)} out={lines.outAt(at)} time={lines.timeAt(at)} />;
        }}
        followOutput={following ? 'auto' : false}
        totalListHeightChanged={setListHeight}
      />
    </Viewport>
  );
}
