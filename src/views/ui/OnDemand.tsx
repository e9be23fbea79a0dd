import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from './Feedback';

/**
 * A component whose code loads the first time it renders (DESIGN.md 7: the first screen carries
 * only what it shows); `Loading` meanwhile. A failed load throws to the nearest ErrorBoundary.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  label?: string,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function OnDemand(props: P) {
    return (
      <Suspense fallback={<Loading label={label} />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
