import { useCallback, useEffect, useReducer, useState } from 'react';
import type { Code } from './code';

/**
 * A view's hold on code loaded on demand (./code.ts): what it gave, once arrived (the view renders
 * again then), and how to ask for it (`onMount`: at once). A failed load throws to the nearest
 * ErrorBoundary; the next mount tries again. Not React.lazy: React holds back the content that
 * replaces a Suspense fallback for 300 ms, which a first screen would pay every time.
 */
export function useCode<T>(code: Code<T>, { onMount = true } = {}) {
  const [, rendered] = useReducer((count: number) => count + 1, 0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const loaded = code.loaded;
  /** Asks for it (`now`: even before the first screen); `then` gets it as it arrives. */
  const load = useCallback(
    ({ now = false, then }: { now?: boolean; then?: (value: T) => void } = {}) => {
      (now ? code.now() : code()).then(
        (value) => {
          then?.(value);
          rendered();
        },
        (error: unknown) => setFailure({ error }),
      );
    },
    [code],
  );
  // By what this render showed: code that arrived since (preloaded at boot) renders again too.
  useEffect(() => {
    if (!loaded && onMount) load();
  }, [loaded, load, onMount]);
  if (failure) throw failure.error;
  return { loaded, load };
}
