import type { ComponentType } from 'react';
import { prefetchBuild, prefetchBuilds } from '../api/builds';
import { prefetchStoredLog } from '../api/logs';
import { startLogWorkerAhead } from '../api/readStoredLog';
import { prefetchRepo } from '../api/repos';
import type { User } from '../api/types';
import {
  prefetchCurrentUser,
  prefetchIncompleteBuilds,
  prefetchUserBuilds,
  prefetchUserRepos,
} from '../api/user';
import { parsePermalink } from '../logs/permalink';
import { repoEventsCode } from '../machines/repo/repoEventsCode';
import { viewOf } from '../views/buildPage/paths';
import { isMobileNow } from '../views/buildPage/phone';
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
// the app has rendered. A build URL names the repository, build and step its page shows: their
// calls leave at once (the repository, the build, the step's log), and the page takes their
// answers. The log's worker starts before them. Every page waits for the signed-in
// user (routes.tsx, Guard): its call leaves on every URL. The code of the page the URL opens loads
// next (main.tsx): evaluating it and the app's is one long task, and the log's request, which
// waits on the build's answer, would wait on that task too (issue 32).

/**
 * How long boot waits for a call that waits on another's answer to leave before the app's code
 * runs anyway: a slow server must not hold the page back.
 */
export const FIRST_CALLS_WAIT_MS = 100;

/** The code of the pages a visit most often starts on (routes.tsx shows them on demand). */
export const pageCode = {
  dashboard: code(() => import('../views/dashboard/DashboardPage').then((m) => m.DashboardPage)),
  buildsFeed: code(() => import('../views/feed/BuildsFeedPage').then((m) => m.BuildsFeedPage)),
  repo: code(() => import('../views/repo/RepoPage').then((m) => m.RepoPage)),
  build: code(() => import('../views/buildPage/BuildPage').then((m) => m.BuildPage)),
} satisfies Record<string, () => Promise<ComponentType>>;

/** A phone's full-screen step dialog (views/buildPage/LogView.tsx), not on a desktop's. */
export const stepDialogCode = code(() => import('../views/ui/Modal').then((m) => m.Modal));

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

/** Where the URL names a step's log view: its log is read once the build has answered. */
function stepLogView(location: { pathname: string; search: string }) {
  const params = buildPattern.exec(location.pathname)?.groups;
  // Where a URL without stage and step lands, the page decides.
  return params?.stage !== undefined && viewOf(readableQuery(location.search)) === 'log';
}

/**
 * Starts the log's worker where the URL opens a step's log, first thing at boot: a worker takes
 * 40-60 ms to start on a loaded 2-core machine, and the log's request waits for it (issue 32).
 */
export function startLogWorkerEarly(location: { pathname: string; search: string }): void {
  if (stepLogView(location)) startLogWorkerAhead();
}

/**
 * Starts the calls the page at `location` makes first. Settles once they have all left (a log
 * view's log leaves on the build's answer), or after FIRST_CALLS_WAIT_MS.
 */
export function startEarly(location: {
  pathname: string;
  search: string;
  hash?: string;
}): Promise<void> {
  let left = Promise.resolve();
  const params = buildPattern.exec(location.pathname)?.groups;
  const logView = viewOf(readableQuery(location.search)) === 'log';
  if (params) {
    // The calls leave before the page's code is asked for: over HTTP/1.1 the browser opens six
    // connections to a server, and the page's dozen chunks would hold them all (issue 32).
    const step = toBuildParams(params);
    const build = prefetchBuild(step, step.build);
    prefetchRepo(step);
    // The step's log once the build says it has one (issue 29 item 7); a long one's last lines
    // first, unless the URL names a line to open at.
    const tailFirst = parsePermalink(location.hash ?? '') === null;
    if (stepLogView(location)) {
      left = build
        .then((answer) => prefetchStoredLog(step, answer, tailFirst))
        .catch(() => undefined);
    }
  }
  const user = prefetchCurrentUser();
  if (!params) void prefetchPageCalls(location.pathname, user).catch(() => undefined);
  // Only a build page's log view has first lines to wait for (./firstScreen.ts).
  if (!params || !logView) markFirstScreenShown();
  return Promise.race([left, new Promise<void>((done) => setTimeout(done, FIRST_CALLS_WAIT_MS))]);
}

/**
 * The first calls of the other pages a visit often starts on, as a build page's (issue 32 goal
 * 4): they left once the page had rendered, 130-190 ms later. A signed-in user's page asks once
 * the user has answered: a signed-out visitor is sent to sign in and asks nothing. Boot does not
 * wait for them: they answer before the page has rendered.
 */
function prefetchPageCalls(pathname: string, user: Promise<User>): Promise<unknown> {
  const page = pageAt(pathname);
  if (page === pageCode.dashboard) return user.then(() => void prefetchUserRepos());
  if (page === pageCode.buildsFeed) {
    return user.then(({ admin }) => {
      void prefetchUserBuilds();
      void prefetchUserRepos();
      if (admin) void prefetchIncompleteBuilds();
    });
  }
  const ref = page === pageCode.repo && repoPattern('.*').exec(pathname)?.groups;
  if (!ref) return Promise.resolve();
  const repo = { namespace: ref.namespace!, name: ref.name! };
  const answer = prefetchRepo(repo);
  // The builds tab's list; an inactive repository's page shows its settings instead.
  return repoPattern().test(pathname)
    ? answer.then(({ active }) => {
        if (active) void prefetchBuilds(repo);
      })
    : answer;
}

/** Loads the code of the page routes.tsx shows at `pathname`, if it shows one on demand. */
export function startPageCode(pathname: string): void {
  const page = pageAt(pathname);
  // A failure shows when the route loads the code again.
  page?.().catch(() => undefined);
  // A phone shows a step in a dialog: its code beside the page's, not once the page has rendered.
  if (page === pageCode.build && isMobileNow()) stepDialogCode().catch(() => undefined);
  // The repository event stream's, which a page follows from its first render (after a build
  // page's first lines: boot/code.ts).
  repoEventsCode().catch(() => undefined);
}
