import type { ComponentType } from 'react';
import type { TextKey } from '../i18n';
import { Loading } from '../views/ui/Feedback';
import { useT } from '../views/ui/i18n';
import { styled } from '../views/ui/theme';
import { code, type Code } from './code';
import { useCode } from './useCode';

/**
 * A component whose code loads the first time it renders (docs/architecture.md 7: the first
 * screen carries only what it shows), or at once when it was loaded before; `Loading` meanwhile.
 * A failed load throws to the nearest ErrorBoundary, and the next mount tries again (./useCode.ts).
 * `meanwhile` is a catalog key for Loading's label, read in the language shown; `null` shows
 * nothing meanwhile (a dialog that appears once its code has arrived); a component is shown
 * meanwhile with the same props (a placeholder of the size the loaded component will have, so the
 * layout around it does not jump: issue 18). A placeholder stands for code that waits for the
 * first screen (`afterFirstScreen`): a pointer over it loads the code at once, so a user reaching
 * for what it stands for (Cancel on a slow log) does not wait.
 */
export function onDemand<P extends object>(
  load: (() => Promise<ComponentType<P>>) | Code<ComponentType<P>>,
  meanwhile?: TextKey | null | ComponentType<P>,
  options: { afterFirstScreen?: boolean } = {},
): ComponentType<P> {
  const component = code(load, options);
  return function OnDemand(props: P) {
    const t = useT();
    const { loaded: Loaded, load: loadComponent } = useCode(component);
    if (Loaded) return <Loaded {...props} />;
    if (meanwhile === null) return null;
    if (typeof meanwhile === 'function') {
      const Placeholder = meanwhile;
      return (
        <Reach onPointerOver={() => loadComponent({ now: true })}>
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
