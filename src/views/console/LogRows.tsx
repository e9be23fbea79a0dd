import {
  Children,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import type { Components, IndexLocationWithAlign, ListProps, VirtuosoHandle } from 'react-virtuoso';
import { markFirstScreenShown } from '../../boot/firstScreen';
import { useCode } from '../../boot/useCode';
import { styled } from '../ui';
import { PlainRows, type PlainRowsHandle } from './PlainRows';
import { virtuosoCode } from './virtuosoCode';

// The log's rows as one list (docs/architecture.md 6): react-virtuoso, whose code is not on the
// first screen (issue 18; virtuosoCode.ts). Until it has arrived the rows it would show first are
// painted plainly (PlainRows); it then starts where those rows are, and they stay painted over it
// until it shows its own rows (it hides them while it scrolls to where it starts, and has none
// before its first measurement), so nothing jumps or flashes. Scroll requests made meanwhile are
// honoured once its rows show. LogList sees none of this.

/** 'third': a line asked for, a third of the way down the box, the lines before it above. */
export type RowAlign = 'start' | 'third' | 'end';

export interface LogRowsHandle {
  /** Scrolls to `row`; asked before react-virtuoso shows its rows, the last ask is done then. */
  scrollTo(row: number, align: RowAlign): void;
}

interface ShownListContext {
  /** No rows to show: shown at once. */
  empty: boolean;
  /** Set while the plain rows wait for these. */
  onShown?: () => void;
}

export function LogRows({
  ref,
  count,
  around,
  following,
  rowHeight,
  renderRow,
  rowKey,
  onHeight,
}: {
  ref: Ref<LogRowsHandle>;
  count: number;
  /** The row the list starts at, a third of the way down (0: the top), or its end while following. */
  around: number | 'end';
  following: boolean;
  /** The estimated height of a row not measured yet. */
  rowHeight: number;
  /** A row; a `copy` (painted over react-virtuoso's while it places them) carries no data-pos. */
  renderRow: (row: number, copy: boolean) => ReactNode;
  rowKey: (row: number) => number;
  /** The rows' height, as measured, so a short log takes little room. */
  onHeight: (height: number) => void;
}) {
  const empty = count === 0;
  const plain = useRef<PlainRowsHandle>(null);
  const virtuoso = useRef<VirtuosoHandle>(null);
  const { loaded: Virtuoso, load } = useCode(virtuosoCode, { onMount: false });
  /** Where react-virtuoso took over from the plain rows (undefined: at the top). */
  const [handedOver, setHandedOver] = useState<{ start: IndexLocationWithAlign | undefined }>();
  const [covering, setCovering] = useState(false);
  /** react-virtuoso's height, measured while the plain rows' still counts. */
  const listHeight = useRef(0);
  const pending = useRef<{ row: number; align: RowAlign } | null>(null);
  // react-virtuoso shows its rows: scroll requests can be honoured.
  const placed = Boolean(Virtuoso) && !covering;

  // The first rows are the first screen's point (boot/firstScreen.ts): once a frame has painted
  // them, what waited for them loads, react-virtuoso among them.
  useEffect(() => {
    if (empty) return;
    let painted: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      painted = setTimeout(markFirstScreenShown);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(painted);
    };
  }, [empty]);

  useEffect(() => {
    if (Virtuoso) return;
    load({
      then: () => {
        setHandedOver({ start: plain.current?.location() });
        setCovering(true);
      },
    });
  }, [Virtuoso, load]);

  const layers = useRef<HTMLDivElement>(null);
  const scroll = ({ row, align }: { row: number; align: RowAlign }) =>
    virtuoso.current?.scrollToIndex(
      align === 'third'
        ? { index: row, align: 'start', offset: third(layers.current) }
        : { index: row, align },
    );
  useImperativeHandle(
    ref,
    () => ({
      scrollTo: (row, align) => {
        if (placed) scroll({ row, align });
        else pending.current = { row, align };
      },
    }),
    [placed],
  );
  useEffect(() => {
    if (!placed || !pending.current) return;
    scroll(pending.current);
    pending.current = null;
  }, [placed]);

  // The plain rows report their height until react-virtuoso shows its rows; its own from then.
  useLayoutEffect(() => {
    if (placed) onHeight(listHeight.current);
  }, [placed, onHeight]);

  const context = useMemo<ShownListContext>(
    () => ({ empty, onShown: covering ? () => setCovering(false) : undefined }),
    [empty, covering],
  );

  return (
    <Layers ref={layers}>
      {Virtuoso ? (
        <Virtuoso
          ref={virtuoso}
          style={{ height: '100%' }}
          // Where the plain rows were, else at a permalink's line.
          initialTopMostItemIndex={
            handedOver
              ? handedOver.start
              : typeof around === 'number' && around > 0
                ? { index: around, align: 'start', offset: third(layers.current) }
                : undefined
          }
          totalCount={count}
          defaultItemHeight={rowHeight}
          increaseViewportBy={400}
          computeItemKey={rowKey}
          itemContent={(row) => renderRow(row, false)}
          followOutput={following ? 'auto' : false}
          totalListHeightChanged={(height) => {
            listHeight.current = height;
            if (placed) onHeight(height);
          }}
          components={shownListComponents}
          context={context}
        />
      ) : null}
      {placed ? null : (
        <PlainRows
          ref={plain}
          count={count}
          around={around}
          following={following}
          rowHeight={rowHeight}
          renderRow={renderRow}
          rowKey={rowKey}
          onHeight={onHeight}
          covering={covering}
        />
      )}
    </Layers>
  );
}

/** A line asked for ('third'): its top a third of the box's height down. */
const third = (box: HTMLElement | null) => -Math.round((box?.clientHeight ?? 0) / 3);

// react-virtuoso's scroller and, until it shows its rows, the plain rows over it.
const Layers = styled('div', { position: 'relative', height: '100%' });

function ShownList({ context, ...props }: ListProps & { context: ShownListContext }) {
  const shown =
    props.style?.visibility !== 'hidden' && (context.empty || Children.count(props.children) > 0);
  // Before paint, so the plain rows leave in the frame these rows appear.
  useLayoutEffect(() => {
    if (shown) context.onShown?.();
  });
  return <div {...props} />;
}

/** react-virtuoso's list element, telling LogRows when it shows its rows. */
const shownListComponents: Components<unknown, ShownListContext> = { List: ShownList };
