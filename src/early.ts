import { prefetchBuild } from './api/builds';
import { prefetchLogs } from './api/logs';
import { prefetchRepo } from './api/repos';
import { viewOf } from './views/build/paths';
import { buildPattern, toBuildParams } from './views/repo/params';

// Issue 18: a build URL already names the repository, build and step its page shows. At boot,
// before the app has rendered anything, the page's code loads and its first calls leave (the
// repository, the build, the step's log), beside the app's code; the page takes their answers.

/** The build page's code (routes.tsx shows it on demand). */
export const loadBuildPage = () => import('./views/build/BuildPage').then((m) => m.BuildPage);

/** Starts what the page at `location` will need first; nothing for other pages. */
export function startEarly(location: { pathname: string; search: string }): void {
  const params = buildPattern.exec(location.pathname)?.groups;
  if (!params) return;
  // A failure shows when the route imports it again.
  loadBuildPage().catch(() => undefined);
  const step = toBuildParams(params);
  prefetchRepo(step);
  prefetchBuild(step, step.build);
  if (viewOf(location.search) === 'log') prefetchLogs(step);
}
