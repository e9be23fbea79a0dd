import { useCallback, useEffect, useReducer, useState, type ComponentType } from 'react';
import type { TextKey } from '../../i18n';
import { code } from './code';
import { Loading } from './Feedback';
import { whenFirstScreenShown } from '../../machines/runtime/firstScreen';
import { useT } from './i18n';
import { styled } from './theme';

/**
 * A component whose code loads the first time it renders (docs/architecture.md 7: the first screen carries
 * only what it shows), or at once when it was loaded before (`code`); `Loading` meanwhile. A
 * failed load throws to the nearest ErrorBoundary, and the next mount tries again. Not
 * React.lazy: React holds back the content that replaces a Suspense fallback for 300 ms, which a
 * first screen would pay every time. `meanwhile` is a catalog key for Loading's label, read in
 * the language shown; `null` shows nothing meanwhile (a dialog that appears once its code has
 * arrived); a component is shown meanwhile with the same props (a placeholder of the size the
 * loaded component will have, so the layout around it does not jump: issue 18). With
 * `afterFirstScreen`, the code waits for a build page's first log lines
 * (machines/runtime/firstScreen.ts), unless a pointer comes over the placeholder first: a user
 * reaching for what it stands for (Cancel on a slow log) gets its code at once.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  meanwhile?: TextKey | null | ComponentType<P>,
  { afterFirstScreen = false } = {},
): ComponentType<P> {
  const component = code(load);
  return function OnDemand(props: P) {
    const t = useT();
    const [, rendered] = useReducer((count: number) => count + 1, 0);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const Loaded = component.loaded;
    // Asked for once: a second call (the latch after an early pointer) gets the same promise.
    const start = useCallback(() => {
      component().then(rendered, (error: unknown) => setFailure({ error }));
    }, []);
    // By what this render showed: code that arrived since (preloaded at boot) renders again too.
    useEffect(() => {
      if (Loaded) return;
      if (afterFirstScreen) return whenFirstScreenShown(start);
      start();
    }, [Loaded, start]);
    if (failure) throw failure.error;
    if (Loaded) return <Loaded {...props} />;
    if (meanwhile === null) return null;
    if (typeof meanwhile === 'function') {
      const Placeholder = meanwhile;
      if (!afterFirstScreen) return <Placeholder {...props} />;
      return (
        <Reach onPointerOver={start}>
          <Placeholder {...props} />
        </Reach>
      );
    }
    return <Loading label={meanwhile ? t(meanwhile) : undefined} />;
  };
}

/**
 * No box of its own (the placeholder keeps the layout it was made for); a pointer over the
 * placeholder, which must be hit-testable (opacity, not visibility), bubbles up through it.
 */
const Reach = styled('div', { display: 'contents' });
