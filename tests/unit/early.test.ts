// @vitest-environment node
// Boot (src/boot/early.ts): the code of the page a URL opens loads before the app renders, and a build
// URL's repository, build and step log are asked for; the page takes those answers instead of
// asking again. The log list's react-virtuoso does not: it waits for the first lines.
import { waitUntil } from '../wait';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AHEAD_MS, takeAhead } from '../../src/boot/ahead';
import { fetchBuild, fetchBuilds } from '../../src/api/builds';
import { fetchLogs } from '../../src/api/logs';
import { fetchRepo } from '../../src/api/repos';
import {
  fetchCurrentUser,
  fetchIncompleteBuilds,
  fetchUserBuilds,
  fetchUserRepos,
} from '../../src/api/user';
import type { Status, User } from '../../src/api/types';
import { makeBuild, makeRepo, makeStage, makeStep, makeUser } from '../factories';
import {
  FIRST_CALLS_WAIT_MS,
  startEarly,
  startLogWorkerEarly,
  startPageCode,
} from '../../src/boot/early';
import { setupMockServer } from '../mockServer';

// The code of the page a URL opens loads at boot too: each page module stands in for the real one
// and records that it was loaded.
const { loaded, pageModule } = vi.hoisted(() => {
  const loaded: string[] = [];
  const pageModule = (name: string, exported: string) => {
    loaded.push(name);
    return { [exported]: () => null };
  };
  return { loaded, pageModule };
});
vi.mock('../../src/views/buildPage/BuildPage', () => pageModule('build', 'BuildPage'));
vi.mock('../../src/views/repo/RepoPage', () => pageModule('repo', 'RepoPage'));
vi.mock('../../src/views/dashboard/DashboardPage', () => pageModule('dashboard', 'DashboardPage'));
vi.mock('../../src/views/feed/BuildsFeedPage', () => pageModule('feed', 'BuildsFeedPage'));
vi.mock('react-virtuoso', () => pageModule('virtuoso', 'Virtuoso'));
vi.mock('../../src/views/ui/Modal', () => pageModule('step dialog', 'Modal'));
// Whether the window is a phone's: node has no matchMedia.
const phone = vi.hoisted(() => ({ now: false }));
vi.mock('../../src/views/buildPage/phone', () => ({ isMobileNow: () => phone.now }));

const server = setupMockServer();
afterEach(() => server.resetHandlers());

/** Answers every log request of acme/logs build 1 with one line naming the step; counts them. */
function answerLogs() {
  const asked: string[] = [];
  server.use(
    http.get('*/api/repos/acme/logs/builds/1/logs/:stage/:step', ({ params }) => {
      asked.push(`${String(params.stage)}/${String(params.step)}`);
      return HttpResponse.text(`[{"pos":0,"out":"step ${String(params.step)}\\n","time":0}]`);
    }),
  );
  return asked;
}

const ref = { namespace: 'acme', name: 'logs', build: 1, stage: 2, step: 3 };
// The repository and build asked for at boot with the logs are answered by the mock server's own
// handlers (401 without a session): nothing here takes them.

/** Answers repository acme/early and its build 5; counts the requests of each. */
function answerBuild() {
  const asked = { repo: 0, build: 0 };
  server.use(
    http.get('*/api/repos/acme/early', () => {
      asked.repo += 1;
      return HttpResponse.json(makeRepo({ slug: 'acme/early' }));
    }),
    http.get('*/api/repos/acme/early/builds/5', () => {
      asked.build += 1;
      return HttpResponse.json(makeBuild({ number: 5 }));
    }),
  );
  return asked;
}

/** Answers build 1 of acme/logs with these step statuses per stage; counts its requests. */
function answerLogsBuild(
  statuses: Record<number, Record<number, Status>>,
  status: Status = 'running',
) {
  // A build asked for at boot by an earlier test waits to be taken: this test's boot asks anew.
  takeAhead('/api/repos/acme/logs/builds/1');
  const build = { asked: 0 };
  const stages = Object.entries(statuses).map(([stage, steps]) =>
    makeStage(Number(stage), status, {
      steps: Object.entries(steps).map(([step, stepStatus]) => makeStep(Number(step), stepStatus)),
    }),
  );
  server.use(
    http.get('*/api/repos/acme/logs/builds/1', () => {
      build.asked += 1;
      return HttpResponse.json(makeBuild({ number: 1, status, stages }));
    }),
  );
  return build;
}

describe('startEarly', () => {
  it('loads, after the calls, the code of the page the URL opens, and none for a page routes.tsx matches first', async () => {
    answerLogs();
    const after = async (pathname: string) => {
      startPageCode(pathname);
      await vi.dynamicImportSettled();
      return [...loaded];
    };
    expect(await after('/settings/users')).toEqual([]);
    expect(await after('/login/form')).toEqual([]);
    expect(await after('/acme/logs/settings/secrets')).toEqual(['repo']);
    expect(await after('/')).toEqual(['repo', 'dashboard']);
    expect(await after('/builds-feed')).toEqual(['repo', 'dashboard', 'feed']);
    expect(await after('/acme/logs/1')).toEqual(['repo', 'dashboard', 'feed', 'build']);
  });

  it("loads a phone's step dialog beside a build page's code; a desktop's, not at all", async () => {
    answerLogs();
    startPageCode('/acme/logs/1/4/5');
    await vi.dynamicImportSettled();
    expect(loaded).not.toContain('step dialog');
    phone.now = true;
    startPageCode('/acme/logs');
    startPageCode('/acme/logs/1/4/5');
    await vi.dynamicImportSettled();
    phone.now = false;
    expect(loaded.filter((name) => name === 'step dialog')).toHaveLength(1);
  });

  it("leaves the log list's react-virtuoso until the first lines are painted", async () => {
    answerLogs();
    startEarly({ pathname: '/acme/logs/1/4/5', search: '' });
    startPageCode('/acme/logs/1/4/5');
    await vi.dynamicImportSettled();
    expect(loaded).toContain('build');
    expect(loaded).not.toContain('virtuoso');
    await fetchLogs({ ...ref, stage: 4, step: 5 }); // Takes the log asked for at boot.
  });

  it('asks for the log of the step a build URL names once the build says it has one: the console takes that answer', async () => {
    const asked = answerLogs();
    answerLogsBuild({ 2: { 3: 'success' } });
    startEarly({ pathname: '/acme/logs/1/2/3', search: '' });
    await waitUntil(() => expect(asked).toEqual(['2/3']));
    expect((await fetchLogs(ref)).outAt(0)).toBe('step 3\n');
    expect(asked).toEqual(['2/3']);
  });

  it("settles once the log has been asked for: the app's code runs after that (issue 32)", async () => {
    answerLogs();
    answerLogsBuild({ 2: { 3: 'success' } });
    vi.useFakeTimers({ toFake: ['setTimeout'] }); // No FIRST_CALLS_WAIT_MS on a loaded machine.
    try {
      await startEarly({ pathname: '/acme/logs/1/2/3', search: '' });
    } finally {
      vi.useRealTimers();
    }
    // Asked for when it settled: the answer waits for the console.
    expect(takeAhead('/api/repos/acme/logs/builds/1/logs/2/3')).not.toBeNull();
  });

  it('settles after FIRST_CALLS_WAIT_MS when the build has not answered: a slow server does not hold the page back', async () => {
    takeAhead('/api/repos/acme/slow/builds/1');
    server.use(http.get('*/api/repos/acme/slow/builds/1', () => new Promise<never>(() => {})));
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let settled = false;
      const left = startEarly({ pathname: '/acme/slow/1/1/1', search: '' }).then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(FIRST_CALLS_WAIT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await left;
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('settles at once where no call waits on another: a page that is not a log view', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const settled: string[] = [];
      for (const [pathname, search] of [
        ['/acme/logs/1/2/3', '?view=graph'],
        ['/acme/logs/1', ''],
        ['/', ''],
      ] as const) {
        void startEarly({ pathname, search }).then(() => settled.push(pathname));
      }
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toEqual(['/acme/logs/1/2/3', '/acme/logs/1', '/']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for no log of a step that cannot have one yet (issue 29 item 7)', async () => {
    const asked = answerLogs();
    const build = answerLogsBuild({
      2: { 1: 'success', 2: 'running', 3: 'skipped', 4: 'pending' },
    });
    for (const step of [2, 3, 4]) startEarly({ pathname: `/acme/logs/1/2/${step}`, search: '' });
    await waitUntil(() => expect(build.asked).toBeGreaterThan(0));
    await fetchLogs({ ...ref, stage: 9, step: 9 }); // After any the boot would have asked.
    expect(asked).toEqual(['9/9']);
  });

  it('asks for the repository and the build at once: the page takes those answers', async () => {
    const asked = answerBuild();
    const early = { namespace: 'acme', name: 'early' };
    startEarly({ pathname: '/acme/early/5', search: '?view=graph' });
    const [repo, build] = await Promise.all([fetchRepo(early), fetchBuild(early, 5)]);
    expect([repo.slug, build.number]).toEqual(['acme/early', 5]);
    expect(asked).toEqual({ repo: 1, build: 1 });
    await fetchBuild(early, 5); // Taken once: a later call (a refresh) asks the server again.
    expect(asked.build).toBe(2);
  });

  it('leaves the log of a URL without stage and step to the page, which knows where it lands', async () => {
    const asked = answerLogs();
    const build = answerLogsBuild({ 1: { 1: 'success', 2: 'failure' } }, 'failure');
    startEarly({ pathname: '/acme/logs/1', search: '' });
    await waitUntil(() => expect(build.asked).toBe(1));
    await fetchLogs({ ...ref, stage: 9, step: 9 }); // After any the boot would have asked.
    expect(asked).toEqual(['9/9']);
  });

  it('asks for the signed-in user on every URL: the session takes that answer', async () => {
    takeAhead('/api/user'); // Asked for by an earlier test's boot: this boot asks anew.
    let asked = 0;
    server.use(
      http.get('*/api/user', () => {
        asked += 1;
        return HttpResponse.json(makeUser({ login: 'early' }));
      }),
    );
    startEarly({ pathname: '/settings/users', search: '' });
    await waitUntil(() => expect(asked).toBe(1));
    expect((await fetchCurrentUser()).login).toBe('early');
    expect(asked).toBe(1);
    await fetchCurrentUser(); // Taken once: a later call (a reload of the session) asks again.
    expect(asked).toBe(2);
  });

  it('asks for nothing on the graph view or on a page that is not a build', async () => {
    const asked = answerLogs();
    startEarly({ pathname: '/acme/logs/1/2/3', search: '?view=graph' });
    startEarly({ pathname: '/acme/logs', search: '' });
    startEarly({ pathname: '/settings/users', search: '' });
    // A request asked for at boot would have reached the server before this one.
    await fetchLogs({ ...ref, stage: 9, step: 9 });
    expect(asked).toEqual(['9/9']);
  });
});

describe("startEarly: the other pages' first calls", () => {
  const aheadKeys = [
    '/api/user',
    '/api/user/repos?latest=true',
    '/api/user/builds',
    '/api/builds/incomplete',
    '/api/repos/acme/early',
    '/api/repos/acme/early/builds?page=1&per_page=50',
  ];

  /** Answers the session's user (null: signed out), repository acme/early and the lists; records each request. */
  function answerPages({
    user = makeUser(),
    active = true,
  }: {
    user?: User | null;
    active?: boolean;
  }) {
    for (const key of aheadKeys) takeAhead(key); // Asked for by an earlier test's boot.
    const asked: string[] = [];
    const answer = (name: string, body: object) => () => {
      asked.push(name);
      return HttpResponse.json(body);
    };
    server.use(
      http.get('*/api/user', () => {
        asked.push('user');
        return user
          ? HttpResponse.json(user)
          : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      }),
      http.get('*/api/user/repos', answer('repos', [makeRepo({ slug: 'acme/early' })])),
      http.get('*/api/user/builds', answer('feed', [])),
      http.get('*/api/builds/incomplete', answer('running', [])),
      http.get('*/api/repos/acme/early', answer('repo', makeRepo({ slug: 'acme/early', active }))),
      http.get('*/api/repos/acme/early/builds', answer('builds', [makeBuild({ number: 5 })])),
    );
    return asked;
  }

  it("asks for the dashboard's repositories once the user has answered: the dashboard takes that answer", async () => {
    const asked = answerPages({});
    startEarly({ pathname: '/', search: '' });
    await waitUntil(() => expect(asked).toEqual(['user', 'repos']));
    expect((await fetchUserRepos()).map((repo) => repo.slug)).toEqual(['acme/early']);
    expect(asked).toEqual(['user', 'repos']);
  });

  it("asks for the feed's builds and repositories, and an administrator's running builds", async () => {
    let asked = answerPages({});
    startEarly({ pathname: '/builds-feed', search: '' });
    await waitUntil(() => expect(asked.sort()).toEqual(['feed', 'repos', 'user']));
    await Promise.all([fetchUserBuilds(), fetchUserRepos()]);
    expect(asked).toHaveLength(3);

    asked = answerPages({ user: makeUser({ admin: true }) });
    startEarly({ pathname: '/builds-feed', search: '' });
    await waitUntil(() => expect(asked.sort()).toEqual(['feed', 'repos', 'running', 'user']));
    await fetchIncompleteBuilds();
    expect(asked).toHaveLength(4);
  });

  it('asks nothing for a signed-out visitor, whom the page sends to sign in', async () => {
    const asked = answerPages({ user: null });
    startEarly({ pathname: '/', search: '' });
    // After what waits on the user's answer.
    await takeAhead('/api/user')?.catch(() => undefined);
    expect(asked).toEqual(['user']);
    expect(takeAhead('/api/user/repos?latest=true')).toBeNull();
  });

  it("asks for a repository, then an active one's first page of builds: its page takes both answers", async () => {
    const asked = answerPages({});
    const early = { namespace: 'acme', name: 'early' };
    startEarly({ pathname: '/acme/early', search: '' });
    await waitUntil(() => expect(asked).toContain('builds'));
    const [repo, builds] = await Promise.all([fetchRepo(early), fetchBuilds(early, 1)]);
    expect([repo.slug, builds.map((build) => build.number)]).toEqual(['acme/early', [5]]);
    expect(asked.filter((name) => name !== 'user')).toEqual(['repo', 'builds']);
  });

  it("asks for no builds of an inactive repository, nor on a repository's other tabs", async () => {
    for (const [pathname, active] of [
      ['/acme/early', false],
      ['/acme/early/settings', true],
      ['/acme/early/branches', true],
    ] as const) {
      const asked = answerPages({ active });
      startEarly({ pathname, search: '' });
      await waitUntil(() => expect(asked).toContain('repo'));
      await takeAhead('/api/repos/acme/early');
      expect(takeAhead('/api/repos/acme/early/builds?page=1&per_page=50')).toBeNull();
    }
  });
});

describe('startLogWorkerEarly', () => {
  it("starts the log's worker only where the URL opens a step's log, and lets it go if no read takes it", () => {
    const started: Array<{ terminated: boolean }> = [];
    vi.stubGlobal(
      'Worker',
      class {
        terminated = false;
        constructor() {
          started.push(this);
        }
        terminate() {
          this.terminated = true;
        }
      },
    );
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      startLogWorkerEarly({ pathname: '/acme/logs/1/2/3', search: '?view=graph' });
      startLogWorkerEarly({ pathname: '/acme/logs/1', search: '' }); // Lands where the page decides.
      startLogWorkerEarly({ pathname: '/settings/users', search: '' });
      expect(started).toHaveLength(0);
      startLogWorkerEarly({ pathname: '/acme/logs/1/2/3', search: '' });
      expect(started).toEqual([{ terminated: false }]);
      vi.advanceTimersByTime(AHEAD_MS);
      expect(started).toEqual([{ terminated: true }]);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
