import { Children, useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import type { Components, IndexLocationWithAlign, ListProps } from 'react-virtuoso';
import { markFirstScreenShown, whenFirstScreenShown } from '../../machines/runtime/firstScreen';
import type { PlainRowsHandle } from './PlainRows';
import { virtuosoCode } from './virtuosoCode';

// LogList's react-virtuoso, loaded on demand (issue 18, docs/issues.md; virtuosoCode.ts). Until
// it has arrived the list paints its first rows plainly (PlainRows); it then starts where those
// rows are, and they stay painted over it until it shows its own rows: it hides them while it
// scrolls to where it starts (a line, the end), and has none before its first measurement.

type Virtuoso = NonNullable<typeof virtuosoCode.loaded>;

interface Arrived {
  Virtuoso: Virtuoso;
  /** It took over from the plain rows, which were there (undefined: at the top). */
  handedOver?: { start: IndexLocationWithAlign | undefined };
}

export interface ShownListContext {
  /** No rows to show: shown at once. */
  empty: boolean;
  /** Set while the plain rows wait for these. */
  onShown?: () => void;
}

export function useVirtuoso(plain: RefObject<PlainRowsHandle | null>, empty: boolean) {
  const [arrived, setArrived] = useState<Arrived | undefined>(() =>
    virtuosoCode.loaded ? { Virtuoso: virtuosoCode.loaded } : undefined,
  );
  const [covering, setCovering] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  // The first rows are the first screen's point (machines/runtime/firstScreen.ts): once a frame has
  // painted them, what waited for them loads, react-virtuoso among them.
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
    if (arrived) return;
    let mounted = true;
    const stop = whenFirstScreenShown(() => {
      virtuosoCode().then(
        (Virtuoso) => {
          if (!mounted) return;
          setArrived({ Virtuoso, handedOver: { start: plain.current?.location() } });
          setCovering(true);
        },
        // As a page whose code failed (OnDemand): the nearest ErrorBoundary says so.
        (error: unknown) => mounted && setFailure({ error }),
      );
    });
    return () => {
      mounted = false;
      stop();
    };
  }, [arrived, plain]);

  const context = useMemo<ShownListContext>(
    () => ({ empty, onShown: covering ? () => setCovering(false) : undefined }),
    [empty, covering],
  );
  if (failure) throw failure.error;
  return {
    ...arrived,
    /** The plain rows are painted: alone, or over react-virtuoso while it places its rows. */
    plainRows: !arrived || covering,
    covering,
    context,
  };
}

function ShownList({ context, ...props }: ListProps & { context: ShownListContext }) {
  const shown =
    props.style?.visibility !== 'hidden' && (context.empty || Children.count(props.children) > 0);
  // Before paint, so the plain rows leave in the frame these rows appear.
  useLayoutEffect(() => {
    if (shown) context.onShown?.();
  });
  return <div {...props} />;
}

/** react-virtuoso's list element, telling the hook when it shows its rows. */
export const shownListComponents: Components<unknown, ShownListContext> = { List: ShownList };
