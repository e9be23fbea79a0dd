import type { ComponentType } from 'react';
import { prefetchBuild } from '../api/builds';
import { prefetchStoredLog } from '../api/logs';
import { startLogWorkerAhead } from '../api/readStoredLog';
import { prefetchRepo } from '../api/repos';
import { prefetchCurrentUser } from '../api/user';
import { viewOf } from '../views/buildPage/paths';
import { readableQuery } from '../views/query';
import {
  buildPattern,
  repoPattern,
  repoSettingsPattern,
  toBuildParams,
} from '../views/repo/params';
import { code } from './code';
import { markFirstScreenShown } from './firstScreen';

// Issue 18: what the first screen needs starts at boot, beside the app's code, instead of after
// the app has rendered. The code of the page the URL opens loads at once. A build URL names the
// repository, build and step its page shows: their calls leave too (the repository, the build,
// the step's log), and the page takes their answers. The log's worker starts beside the build's
// call. Every page waits for the signed-in user (routes.tsx, Guard): its call leaves on every URL.

/** The code of the pages a visit most often starts on (routes.tsx shows them on demand). */
export const pageCode = {
  dashboard: code(() => import('../views/dashboard/DashboardPage').then((m) => m.DashboardPage)),
  buildsFeed: code(() => import('../views/feed/BuildsFeedPage').then((m) => m.BuildsFeedPage)),
  repo: code(() => import('../views/repo/RepoPage').then((m) => m.RepoPage)),
  build: code(() => import('../views/buildPage/BuildPage').then((m) => m.BuildPage)),
} satisfies Record<string, () => Promise<ComponentType>>;

const repoPaths = [repoPattern(), repoPattern('/branches'), repoPattern('/deployments')];

/** Which of those pages routes.tsx shows at `pathname`, if any. */
function pageAt(pathname: string): (() => Promise<ComponentType>) | undefined {
  if (pathname === '/') return pageCode.dashboard;
  if (pathname === '/builds-feed') return pageCode.buildsFeed;
  if (buildPattern.test(pathname)) return pageCode.build;
  // routes.tsx matches its own two-segment paths (/settings/users, /login/form, /-/machines)
  // before the repository patterns.
  if (/^\/(settings|login|-)\//.test(pathname)) return undefined;
  if (repoSettingsPattern.test(pathname) || repoPaths.some((path) => path.test(pathname))) {
    return pageCode.repo;
  }
  return undefined;
}

/** Starts what the page at `location` will need first. */
export function startEarly(location: { pathname: string; search: string }): void {
  const params = buildPattern.exec(location.pathname)?.groups;
  const logView = viewOf(readableQuery(location.search)) === 'log';
  if (params) {
    // The calls leave before the page's code is asked for: over HTTP/1.1 the browser opens six
    // connections to a server, and the page's dozen chunks would hold them all (issue 32).
    const step = toBuildParams(params);
    const build = prefetchBuild(step, step.build);
    prefetchRepo(step);
    // The step's log once the build says it has one (issue 29 item 7); where a URL without stage
    // and step lands, the page decides.
    if (logView && params.stage !== undefined) {
      startLogWorkerAhead();
      build.then((answer) => prefetchStoredLog(step, answer)).catch(() => undefined);
    }
  }
  prefetchCurrentUser();
  // A failure shows when the route loads the code again.
  pageAt(location.pathname)?.().catch(() => undefined);
  // Only a build page's log view has first lines to wait for (./firstScreen.ts).
  if (!params || !logView) markFirstScreenShown();
}
