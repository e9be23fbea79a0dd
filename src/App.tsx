import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { onDemand } from './boot/OnDemand';
import { isStatelyAsked } from './machines/app/inspection';
import { languageActor } from './machines/shell/language.machine';
import { AppRoutes } from './routes';
import { CommandPalette } from './views/shell/CommandPalette';
import { NotificationsHost } from './views/shell/NotificationsHost';
import { ThemeRoot } from './views/shell/ThemeToggle';
import { Toasts } from './views/ui';
import { globalStyles } from './views/ui/theme';

// `?inspect=stately`: this tab's actors in Stately's inspector (its code loads only then).
const StatelyInspectorBar = onDemand(
  () => import('./views/devtools/StatelyInspectorBar').then((m) => m.StatelyInspectorBar),
  null,
);
const statelyAsked = typeof window !== 'undefined' && isStatelyAsked(window.location.search);

export function App({ ssrPath }: { ssrPath?: string }) {
  globalStyles();
  // The chosen language is applied before the first text renders.
  languageActor();
  return (
    <>
      <ThemeRoot />
      <Router ssrPath={ssrPath}>
        <AppRoutes />
        <CommandPalette />
        <NotificationsHost />
      </Router>
      <Toasts />
      {statelyAsked ? <StatelyInspectorBar /> : null}
    </>
  );
}

/**
 * Renders the app into `root`. React DOM comes with the app's chunk, not the entry's: the entry
 * then runs, and sends a build URL's first calls (boot/early.ts), before React DOM has loaded.
 */
export function mountApp(root: HTMLElement): void {
  // A transition: the first render yields to the browser every few milliseconds, so the answers
  // and the log's chunks arriving meanwhile are handled as they come (issue 32).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
