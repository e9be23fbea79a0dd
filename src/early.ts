import { prefetchLogs } from './api/logs';
import { viewOf } from './views/build/paths';
import { buildPattern, toBuildParams } from './views/repo/params';

// Issue 18: a build URL already names the step whose log its page shows. At boot, before the app
// has rendered anything, the log is asked for and the page's code loaded, beside the app's code.

/** The build page's code (routes.tsx shows it on demand). */
export const loadBuildPage = () => import('./views/build/BuildPage').then((m) => m.BuildPage);

/** Starts what the page at `location` will need first; nothing for other pages. */
export function startEarly(location: { pathname: string; search: string }): void {
  const params = buildPattern.exec(location.pathname)?.groups;
  if (!params) return;
  // A failure shows when the route imports it again.
  loadBuildPage().catch(() => undefined);
  if (viewOf(location.search) === 'log') prefetchLogs(toBuildParams(params));
}
