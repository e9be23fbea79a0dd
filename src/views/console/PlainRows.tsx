import {
  Fragment,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type Ref,
} from 'react';
import type { IndexLocationWithAlign } from 'react-virtuoso';
import { styled } from '../ui';

// The log's first paint, while react-virtuoso's code is on its way (issue 18, docs/issues.md: it
// is not on the first screen; LogRows.tsx hands over). LogList's rows, painted as they are: only those react-virtuoso would show first (plainRowCount, whatever the log's length),
// after room for the rows before them at the height react-virtuoso estimates, so they sit where
// its rows will. Not a second list: no scroll requests, no follow button; LogRows honours those
// once react-virtuoso has taken over, starting where these rows are (`location`). Until its rows
// show, these stay painted over it.

/** At most: 100 rows of 20 px fill a 2,000 px high list. */
export const PLAIN_ROWS = 100;

/**
 * The rows painted: a window's height of them and a margin, at most PLAIN_ROWS (the list is never
 * taller than the window; painting rows below it cost a build page's first lines, issue 32).
 */
export function plainRowCount(rowHeight: number, windowHeight = globalThis.innerHeight): number {
  if (!(windowHeight > 0)) return PLAIN_ROWS;
  return Math.min(PLAIN_ROWS, Math.ceil(windowHeight / rowHeight) + 4);
}

export interface PlainRowsHandle {
  /** Where the reader is, as react-virtuoso's initial location; undefined at the top. */
  location(): IndexLocationWithAlign | undefined;
}

// Fills the list's box, over react-virtuoso's scroller while that places its rows; scrolls like it.
const Scroller = styled('div', {
  position: 'absolute',
  inset: 0,
  zIndex: 1,
  overflowY: 'auto',
  outline: 'none',
  backgroundColor: '$logBg',
});

export function PlainRows({
  ref,
  count,
  around,
  following,
  rowHeight,
  renderRow,
  rowKey,
  onHeight,
  covering,
}: {
  ref: Ref<PlainRowsHandle>;
  count: number;
  /** The row the list starts at, a third of the way down (0: the top), or its end while following. */
  around: number | 'end';
  following: boolean;
  /** react-virtuoso's estimate for rows it has not measured. */
  rowHeight: number;
  /** A row; a `copy` (while covering react-virtuoso's) does not carry the line's data-pos. */
  renderRow: (row: number, copy: boolean) => ReactNode;
  rowKey: (row: number) => number;
  /** The list's height, as react-virtuoso reports its own (`totalListHeightChanged`). */
  onHeight: (height: number) => void;
  /** Over react-virtuoso's list, which has not shown its rows yet. */
  covering: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // The row last placed: a line asked for meanwhile (a permalink) is placed in its turn.
  const centred = useRef<number | null>(null);
  const centre = around === 'end' ? count - 1 : around;
  const shown = plainRowCount(rowHeight);
  const start = Math.max(0, Math.min(centre - Math.floor(shown / 2), count - shown));
  const end = Math.min(count, start + shown);

  useLayoutEffect(() => {
    const box = scroller.current!;
    onHeight(list.current!.offsetHeight);
    // Following sticks to the end as lines arrive; a line asked for is placed once.
    if (around === 'end' ? !following : centred.current === around || count === 0) return;
    centred.current = around === 'end' ? null : around;
    if (around === 'end') {
      box.scrollTop = box.scrollHeight;
      return;
    }
    const row = list.current!.children[around - start] as HTMLElement | undefined;
    if (!row) return;
    // A third of the way down the box, as react-virtuoso places it (LogRows.tsx `third`), and in
    // the window: on a low one (720 px) a red build's first error fell below it.
    box.scrollTop = row.offsetTop - Math.round(box.clientHeight / 3);
    row.scrollIntoView({ block: 'nearest' });
  });

  useImperativeHandle(
    ref,
    () => ({
      location() {
        const box = scroller.current;
        if (!box || box.scrollTop <= 0 || count === 0) return undefined;
        if (end === count && box.scrollTop + box.clientHeight >= box.scrollHeight - 1) {
          return { index: 'LAST', align: 'end' };
        }
        return topRow(
          box.scrollTop,
          [...list.current!.children] as HTMLElement[],
          start,
          rowHeight,
        );
      },
    }),
    [count, start, end, rowHeight],
  );

  const rows: ReactNode[] = [];
  for (let row = start; row < end; row++) {
    rows.push(<Fragment key={rowKey(row)}>{renderRow(row, covering)}</Fragment>);
  }
  return (
    // While covering react-virtuoso's rows: hidden from readers, and out of the keyboard's way
    // (the rows' copies leave their links and folds out of the tab order), but not inert: a click
    // in that moment, on a fold or a line's number, does what it does on the row.
    <Scroller ref={scroller} tabIndex={covering ? -1 : 0} aria-hidden={covering || undefined}>
      <div
        ref={list}
        style={{
          paddingTop: `${start * rowHeight}px`,
          paddingBottom: `${(count - end) * rowHeight}px`,
        }}
      >
        {rows}
      </div>
    </Scroller>
  );
}

/** The row at the top of the box and how far into it the box is scrolled. */
function topRow(
  scrollTop: number,
  rows: HTMLElement[],
  start: number,
  rowHeight: number,
): IndexLocationWithAlign {
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  // Scrolled into the room before or after the rows painted: rows of the estimated height.
  const estimate = (index: number, top: number) => ({
    index: index + Math.floor((scrollTop - top) / rowHeight),
    align: 'start' as const,
    offset: (scrollTop - top) % rowHeight,
  });
  if (scrollTop < first.offsetTop) return estimate(0, 0);
  if (scrollTop >= last.offsetTop + last.offsetHeight) {
    return estimate(start + rows.length, last.offsetTop + last.offsetHeight);
  }
  const at = rows.findIndex((row) => row.offsetTop + row.offsetHeight > scrollTop);
  return { index: start + at, align: 'start', offset: scrollTop - rows[at]!.offsetTop };
}
