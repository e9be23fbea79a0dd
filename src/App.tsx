import { Router } from 'wouter';
import { languageActor } from './machines/shell/language.machine';
import { AppRoutes } from './routes';
import { CommandPalette } from './views/shell/CommandPalette';
import { NotificationsHost } from './views/shell/NotificationsHost';
import { SessionContext } from './views/shell/session';
import { ThemeRoot } from './views/shell/ThemeToggle';
import { Toasts } from './views/ui';
import { globalStyles } from './views/ui/theme';

export function App({ ssrPath }: { ssrPath?: string }) {
  globalStyles();
  // The chosen language is applied before the first text renders.
  languageActor();
  return (
    <SessionContext.Provider>
      <ThemeRoot />
      <Router ssrPath={ssrPath}>
        <AppRoutes />
        <CommandPalette />
        <NotificationsHost />
      </Router>
      <Toasts />
    </SessionContext.Provider>
  );
}
