import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import { isFolded, linesInGroup, VisibleLines } from '../../logs/folds';
import type { LogGroup } from '../../logs/groups';
import type { consoleMachine } from '../../machines/console/console.machine';
import { styled } from '../ui';
import { LogLine } from './LogLine';
import { FitToWindow } from './FitToWindow';
import { LogRows, type LogRowsHandle } from './LogRows';
import { useRowTexts } from './rowTexts';
import { selectCanFollow, selectFollow, selectLines, selectShowAll } from './selectors';
import {
  selectCurrentLine,
  selectCurrentOccurrence,
  selectFolds,
  selectGroupScan,
  selectHidden,
  selectPattern,
  selectScroll,
  selectSearchRef,
  selectSelection,
  selectTailStart,
  selectTimestamps,
  selectWrap,
  type ViewerRef,
} from './viewerSelectors';

// The lines as a list of rows (LogRows: react-virtuoso, loaded on demand): only the visible rows
// are in the DOM, whatever the log's length (docs/architecture.md 6). Folded groups hide rows
// through a row -> line map (VisibleLines), never a copy of the lines. While following, it sticks
// to the bottom; any sign that the user scrolls up (wheel, keys, touch, the scrollbar) stops
// following (End, in StepConsole, follows again). Scroll requests (a permalink, a search match,
// jump to top or bottom) come from the viewer machine.

export const ESTIMATED_LINE_HEIGHT = 20;
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

const Viewport = styled('div', {
  // The window's height less what is above the box and the console's footer (FitToWindow.tsx).
  maxHeight: 'max(240px, calc(100vh - var(--log-room, 340px) + var(--summary-room, 0px)))',
  minHeight: '40px',
  padding: '$2 0',
  boxSizing: 'content-box',
  variants: {
    wrap: {
      true: {},
      // One line per row, scrolling sideways; number and time stay pinned at the edges.
      false: {
        '.log-text': { whiteSpace: 'pre', overflowWrap: 'normal' },
        '[data-pos]': {
          width: 'max-content',
          minWidth: '100%',
          gridTemplateColumns: 'var(--log-number-width, 4ch) minmax(max-content, 1fr) max-content',
        },
        '[data-pos] > :first-child': { position: 'sticky', left: 0, backgroundColor: '$logBg' },
        '[data-pos] > :last-child': { position: 'sticky', right: 0, backgroundColor: '$logBg' },
      },
    },
  },
});

export function LogList({
  actorRef,
  viewer,
  stepStarted,
}: {
  actorRef: ActorRefFrom<typeof consoleMachine>;
  viewer: ViewerRef;
  stepStarted: number;
}) {
  const lines = useSelector(actorRef, selectLines);
  const showAll = useSelector(actorRef, selectShowAll);
  const tailStart = useSelector(viewer, selectTailStart);
  const first = showAll ? 0 : tailStart;
  const following = useSelector(
    actorRef,
    (snapshot) => selectFollow(snapshot) && selectCanFollow(snapshot),
  );
  const hidden = useSelector(viewer, selectHidden);
  const scan = useSelector(viewer, selectGroupScan);
  const folds = useSelector(viewer, selectFolds);
  const wrap = useSelector(viewer, selectWrap);
  const timestamps = useSelector(viewer, selectTimestamps);
  const selection = useSelector(viewer, selectSelection);
  const scroll = useSelector(viewer, selectScroll);
  const search = useSelector(viewer, selectSearchRef);
  const pattern = useSelector(search, selectPattern);
  const matchLine = useSelector(search, selectCurrentLine);
  const matchOccurrence = useSelector(search, selectCurrentOccurrence);

  const visible = useMemo(
    () => new VisibleLines(first, lines.length, hidden),
    [first, lines.length, hidden],
  );
  const starts = useMemo(() => groupStarts(scan.groups), [scan.groups]);
  const texts = useRowTexts(stepStarted);
  const count = visible.count;
  // Layout only: the measured height of the rows, so a short log takes little room.
  const [listHeight, setListHeight] = useState(0);
  const rows = useRef<LogRowsHandle>(null);
  // A line requested before the list existed (a permalink opened with the page): the list starts
  // there, since react-virtuoso ignores scrollToIndex before its first measurement.
  const [initial] = useState(() => ({
    row: scroll && !scroll.edge ? visible.rowOf(scroll.line) : -1,
    seq: scroll?.seq ?? 0,
    following,
  }));
  const handledScroll = useRef(initial.row >= 0 ? initial.seq : 0);
  // Until react-virtuoso shows its rows, the plain rows place a line asked for (a permalink opened
  // with the page, or one the address bar named since: issue 29 item 3); it starts where they are.
  const requestedRow = scroll && !scroll.edge ? visible.rowOf(scroll.line) : -1;

  useEffect(() => {
    if (following && count > 0) rows.current?.scrollTo(count - 1, 'end');
  }, [following, lines, count]);

  // A requested line may become visible only once 'Show all logs' or an unfold has rendered.
  useEffect(() => {
    if (!scroll || scroll.seq === handledScroll.current) return;
    const edgeRow = scroll.edge === 'top' ? 0 : count - 1;
    const row = scroll.edge ? edgeRow : visible.rowOf(scroll.line);
    if (row < 0) return;
    handledScroll.current = scroll.seq;
    const align = scroll.edge === 'top' ? 'start' : scroll.edge === 'bottom' ? 'end' : 'third';
    rows.current?.scrollTo(row, align);
  }, [scroll, visible, count]);

  const stopFollowing = () => {
    if (following) actorRef.send({ type: 'log.unfollow' });
  };
  const digits = String(lines.lastPos + 1).length;
  const style = {
    height: `${Math.max(listHeight, count * ESTIMATED_LINE_HEIGHT)}px`,
    '--log-number-width': `${Math.max(3, digits)}ch`,
    // Mounted before a running step's first line (StepConsole): no room until there is one.
    ...(count === 0 ? { minHeight: 0, padding: 0 } : {}),
  } as CSSProperties;

  const renderRow = (row: number, copy = false) => {
    const at = visible.lineAt(row);
    const pos = lines.posAt(at);
    const group = starts.get(at);
    const folded = group !== undefined && isFolded(group, folds);
    return (
      <LogLine
        viewer={viewer}
        pos={pos}
        out={lines.outAt(at)}
        time={lines.timeAt(at)}
        timestamps={timestamps}
        stepStarted={stepStarted}
        group={group}
        folded={folded}
        hiddenCount={folded ? linesInGroup(scan, group, lines.length) : 0}
        selected={selection !== null && pos + 1 >= selection.start && pos + 1 <= selection.end}
        pattern={pattern}
        currentOccurrence={at === matchLine ? matchOccurrence : -1}
        texts={texts}
        copy={copy}
      />
    );
  };
  const rowKey = (row: number) => lines.posAt(visible.lineAt(row));

  return (
    <Viewport
      style={style}
      wrap={wrap}
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
      <FitToWindow />
      <LogRows
        ref={rows}
        count={count}
        around={requestedRow >= 0 ? requestedRow : initial.following ? 'end' : 0}
        following={following}
        rowHeight={ESTIMATED_LINE_HEIGHT}
        renderRow={renderRow}
        rowKey={rowKey}
        onHeight={setListHeight}
      />
    </Viewport>
  );
}

/** Groups by the line index of their start marker (their header row). */
function groupStarts(groups: readonly LogGroup[]) {
  return new Map(groups.map((group) => [group.start, group]));
}
