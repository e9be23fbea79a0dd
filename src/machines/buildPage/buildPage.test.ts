import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Build, Repository } from '../../api/types';
import { makeStagedBuild, makeRepo, makeStage, makeStep, repoRef } from '../../../tests/factories';
import {
  approveFailed,
  buildPageMachine,
  declineFailed,
  GENERIC_ERROR,
  POLL_DELAY,
  type BuildPageEvent,
  type BuildRoute,
} from './buildPage.machine';
import {
  hasWriteAccess,
  selectCanRetry,
  selectErrorMessage,
  selectHasCards,
  selectIsDeciding,
  selectPageState,
  selectStage,
  selectStep,
} from './buildPage.selectors';
import { notify } from '../shell/toasts.machine';
import { landingStep } from './landing';
import { settle, setupFakeClock } from '../../../tests/fakeClock';

type Answer<T> = T | ApiError;
const answer = <T>(value: Answer<T>) =>
  value instanceof ApiError ? Promise.reject(value) : Promise.resolve(value);

/**
 * Starts the page with scripted server answers. `builds` are handed out one per fetch (the last
 * one repeats); `send` pushes events as the shared repository stream would.
 */
function startPage(options: {
  route?: Partial<BuildRoute>;
  repo?: Answer<Repository>;
  builds: Array<Answer<Build>>;
  approve?: Answer<void>;
  decline?: Answer<void>;
}) {
  const calls = { load: 0, refetch: 0, approve: [] as number[], decline: [] as number[] };
  const queue = [...options.builds];
  const nextBuild = () => (queue.length > 1 ? queue.shift()! : queue[0]!);
  let streamSendBack: ((event: BuildPageEvent) => void) | undefined;
  const machine = buildPageMachine.provide({
    actors: {
      loadBuildPage: fromPromise(async ({ input }) => {
        calls.load += 1;
        const [repo, build] = await Promise.all([
          answer(options.repo ?? makeRepo()),
          answer(nextBuild()),
        ]);
        const { landing } = input as { landing: boolean };
        return { repo, build, landing: landing ? landingStep(build) : null };
      }),
      refetchBuild: fromPromise(() => {
        calls.refetch += 1;
        return answer(nextBuild());
      }),
      approveStage: fromPromise(({ input }) => {
        calls.approve.push(input.stage);
        return answer(options.approve);
      }),
      declineStage: fromPromise(({ input }) => {
        calls.decline.push(input.stage);
        return answer(options.decline);
      }),
      followRepoEvents: fromCallback(({ sendBack }) => {
        streamSendBack = sendBack as (event: BuildPageEvent) => void;
        return () => (streamSendBack = undefined);
      }),
    },
  });
  const route = {
    build: 7,
    stage: 1,
    step: 1,
    view: 'log' as const,
    landing: false,
    ...options.route,
  };
  const navigated: string[] = [];
  const navigate = (to: string, options?: { replace?: boolean }) =>
    navigated.push(options?.replace ? `${to} (replace)` : to);
  const actor = createActor(machine, { input: { repo: repoRef, ...route, navigate } }).start();
  return {
    actor,
    calls,
    navigated,
    stream: (event: BuildPageEvent) => streamSendBack?.(event),
    state: () => selectPageState(actor.getSnapshot()),
  };
}

setupFakeClock();

describe('buildPage: error state (docs/spec.md 4.2)', () => {
  it.each([
    [404, 'Not Found'],
    [404, 'sql: no rows in result set'],
    // A signed-out visitor of a private repository: Drone's guard answers 401 (docs/drone-api.md 1.4).
    [401, 'Unauthorized'],
  ])("shows the not-found page for %i '%s'", async (status, message) => {
    const page = startPage({ builds: [new ApiError(status, message)] });
    expect(page.state()).toBe('loading');
    await settle();
    expect(page.state()).toBe('notFound');
  });

  it('shows the build error text first', async () => {
    const page = startPage({
      builds: [
        makeStagedBuild(7, 'error', { error: 'yaml: line 3: mapping values', stages: undefined }),
      ],
    });
    await settle();
    expect(page.state()).toBe('error');
    expect(selectErrorMessage(page.actor.getSnapshot())).toBe('yaml: line 3: mapping values');
  });

  it('shows the fetch error message when the call failed', async () => {
    const page = startPage({ builds: [new ApiError(500, 'database is locked')] });
    await settle();
    expect(page.state()).toBe('error');
    expect(selectErrorMessage(page.actor.getSnapshot())).toBe('database is locked');
  });

  it('falls back to the generic text when there is no message', async () => {
    const page = startPage({ builds: [new ApiError(0, '')] });
    await settle();
    expect(page.state()).toBe('error');
    expect(selectErrorMessage(page.actor.getSnapshot())).toBe(GENERIC_ERROR);
  });

  it('treats a repository the user may not see as not found', async () => {
    const page = startPage({
      repo: new ApiError(404, 'Not Found'),
      builds: [makeStagedBuild(7, 'success')],
    });
    await settle();
    expect(page.state()).toBe('notFound');
  });

  it('is an error with the generic text when the stage is beyond the stages present', async () => {
    const page = startPage({ route: { stage: 3 }, builds: [makeStagedBuild(7, 'success')] });
    await settle();
    expect(page.state()).toBe('error');
    expect(selectErrorMessage(page.actor.getSnapshot())).toBe(GENERIC_ERROR);
  });
});

describe('buildPage: trying a failed load again (issue 17)', () => {
  const failedThenFine = () => ({
    builds: [new ApiError(502, '502 Bad Gateway'), makeStagedBuild(7, 'success')],
  });

  it('offers Retry after a failed load, and loads again on it', async () => {
    const page = startPage(failedThenFine());
    await settle();
    expect(page.state()).toBe('error');
    expect(selectCanRetry(page.actor.getSnapshot())).toBe(true);
    page.actor.send({ type: 'build.retry' });
    expect(page.state()).toBe('loading');
    await settle();
    expect(page.state()).toBe('normal');
    expect(page.calls.load).toBe(2);
  });

  it('tries again when the browser is back online', async () => {
    const page = startPage(failedThenFine());
    await settle();
    expect(page.state()).toBe('error');
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(page.state()).toBe('normal');
  });

  it('tries again when the tab is shown again', async () => {
    const page = startPage(failedThenFine());
    await settle();
    expect(page.state()).toBe('error');
    page.actor.send({ type: 'page.visible' });
    await settle();
    expect(page.state()).toBe('normal');
    // Once loaded, the tab coming back does not reload the page.
    page.actor.send({ type: 'page.visible' });
    expect(page.calls.load).toBe(2);
  });

  it("does not offer Retry for a build's own error", async () => {
    const page = startPage({
      builds: [makeStagedBuild(7, 'error', { error: 'yaml: bad', stages: undefined })],
    });
    await settle();
    expect(page.state()).toBe('error');
    expect(selectCanRetry(page.actor.getSnapshot())).toBe(false);
    window.dispatchEvent(new Event('online'));
    page.actor.send({ type: 'build.retry' });
    await settle();
    expect(page.calls.load).toBe(1);
  });
});

const blockedBuild = () =>
  makeStagedBuild(7, 'pending', {
    stages: [makeStage(1, 'success', { steps: [makeStep(1, 'success')] }), makeStage(2, 'blocked')],
  });

describe('buildPage: blocked and normal (docs/spec.md 4.2)', () => {
  it('is blocked when the build is pending and the requested stage is blocked', async () => {
    const page = startPage({ route: { stage: 2 }, builds: [blockedBuild()] });
    await settle();
    expect(page.state()).toBe('blocked');
    expect(selectStage(page.actor.getSnapshot())?.number).toBe(2);
  });

  it('is normal for another stage of the same blocked build', async () => {
    const page = startPage({ route: { stage: 1 }, builds: [blockedBuild()] });
    await settle();
    expect(page.state()).toBe('normal');
    expect(selectStep(page.actor.getSnapshot())?.name).toBe('step-1');
  });

  it('lets writers and admins decide, not read-only users', () => {
    const readOnly = makeRepo({ permissions: { read: true, write: false, admin: false } });
    const writer = makeRepo({ permissions: { read: true, write: true, admin: false } });
    expect(hasWriteAccess(writer, { admin: false })).toBe(true);
    expect(hasWriteAccess(readOnly, { admin: true })).toBe(true);
    expect(hasWriteAccess(readOnly, { admin: false })).toBe(false);
    expect(hasWriteAccess(makeRepo(), null)).toBe(false);
  });

  it('approves the current stage, then reloads the build', async () => {
    const approved = makeStagedBuild(7, 'running', {
      stages: [
        makeStage(1, 'success'),
        makeStage(2, 'running', { steps: [makeStep(1, 'running')] }),
      ],
    });
    const page = startPage({ route: { stage: 2 }, builds: [blockedBuild(), approved] });
    await settle();
    page.actor.send({ type: 'build.approve' });
    expect(selectIsDeciding(page.actor.getSnapshot())).toBe(true);
    await settle();
    expect(page.calls.approve).toEqual([2]);
    expect(page.calls.refetch).toBe(1);
    expect(page.state()).toBe('normal');
    expect(page.actor.getSnapshot().context.build?.status).toBe('running');
  });

  it('declines the current stage, then reloads the build', async () => {
    const declined = makeStagedBuild(7, 'declined', {
      stages: [makeStage(1, 'success'), makeStage(2, 'declined')],
    });
    const page = startPage({ route: { stage: 2 }, builds: [blockedBuild(), declined] });
    await settle();
    page.actor.send({ type: 'build.decline' });
    await settle();
    expect(page.calls.decline).toEqual([2]);
    expect(page.state()).toBe('normal');
    expect(page.actor.getSnapshot().context.build?.status).toBe('declined');
  });

  it.each([
    ['build.approve' as const, approveFailed('Not Found')],
    ['build.decline' as const, declineFailed('Not Found')],
  ])('%s failure shows the docs/spec.md 8 toast and stays blocked', async (type, message) => {
    const failure = new ApiError(404, 'Not Found');
    const page = startPage({
      route: { stage: 2 },
      builds: [blockedBuild()],
      approve: failure,
      decline: failure,
    });
    await settle();
    page.actor.send({ type });
    await settle();
    expect(notify.error).toHaveBeenCalledWith(message);
    expect(page.state()).toBe('blocked');
    expect(selectIsDeciding(page.actor.getSnapshot())).toBe(false);
  });
});

describe('buildPage: live updates (docs/spec.md 4.5)', () => {
  it('replaces the build with a repository event for this build only', async () => {
    const page = startPage({ builds: [makeStagedBuild(7, 'running')] });
    await settle();
    const updated = makeStagedBuild(7, 'success', {
      stages: [
        makeStage(1, 'success', { steps: [makeStep(1, 'success'), makeStep(2, 'success')] }),
      ],
    });
    page.stream({ type: 'repo.updated', repo: makeRepo({ build: makeStagedBuild(8, 'failure') }) });
    page.stream({
      type: 'repo.updated',
      repo: makeRepo({ namespace: 'other', build: makeStagedBuild(7, 'failure') }),
    });
    expect(page.actor.getSnapshot().context.build?.status).toBe('running');
    page.stream({ type: 'repo.updated', repo: makeRepo({ build: updated }) });
    expect(page.actor.getSnapshot().context.build).toEqual(updated);
    expect(page.state()).toBe('normal');
  });

  it('moves to blocked when an event shows the stage blocked', async () => {
    const page = startPage({
      route: { stage: 2 },
      builds: [
        makeStagedBuild(7, 'pending', {
          stages: [makeStage(1, 'pending'), makeStage(2, 'pending')],
        }),
      ],
    });
    await settle();
    expect(page.state()).toBe('normal');
    page.stream({ type: 'repo.updated', repo: makeRepo({ build: blockedBuild() }) });
    expect(page.state()).toBe('blocked');
  });

  it('refetches after the stream reconnects', async () => {
    const page = startPage({
      builds: [makeStagedBuild(7, 'success'), makeStagedBuild(7, 'killed')],
    });
    await settle();
    page.stream({ type: 'stream.reconnected' });
    await settle();
    expect(page.calls.refetch).toBe(1);
    expect(page.actor.getSnapshot().context.build?.status).toBe('killed');
  });

  it('polls slowly while the build is unfinished, and stops once it is done', async () => {
    const page = startPage({
      builds: [
        makeStagedBuild(7, 'running'),
        makeStagedBuild(7, 'running'),
        makeStagedBuild(7, 'success'),
      ],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_DELAY - 1);
    expect(page.calls.refetch).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.calls.refetch).toBe(1);
    await vi.advanceTimersByTimeAsync(POLL_DELAY);
    expect(page.calls.refetch).toBe(2);
    expect(page.actor.getSnapshot().context.build?.status).toBe('success');
    await vi.advanceTimersByTimeAsync(POLL_DELAY * 3);
    expect(page.calls.refetch).toBe(2);
  });

  it('never polls a finished build', async () => {
    const page = startPage({ builds: [makeStagedBuild(7, 'failure')] });
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_DELAY * 3);
    expect(page.calls.refetch).toBe(0);
  });

  it('shows a failed refresh as an error and recovers on the next poll', async () => {
    const page = startPage({
      builds: [
        makeStagedBuild(7, 'running'),
        new ApiError(0, 'Failed to fetch'),
        makeStagedBuild(7, 'running'),
      ],
    });
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_DELAY);
    expect(page.state()).toBe('error');
    expect(selectErrorMessage(page.actor.getSnapshot())).toBe('Failed to fetch');
    await vi.advanceTimersByTimeAsync(POLL_DELAY);
    expect(page.state()).toBe('normal');
  });

  it('takes the build a cancel returned', async () => {
    const page = startPage({ builds: [makeStagedBuild(7, 'running')] });
    await settle();
    page.actor.send({ type: 'build.received', build: makeStagedBuild(7, 'killed') });
    expect(page.actor.getSnapshot().context.build?.status).toBe('killed');
  });
});

describe('buildPage: route changes', () => {
  it('changes nothing for the route it shows (the page says it once rendered, issue 32)', async () => {
    const page = startPage({ builds: [makeStagedBuild(7, 'success')] });
    await settle();
    const before = page.actor.getSnapshot().context;
    page.actor.send({
      type: 'route.changed',
      route: { build: 7, stage: 1, step: 1, view: 'log', landing: false },
    });
    expect(page.actor.getSnapshot().context).toBe(before);
    expect(page.state()).toBe('normal');
  });

  it('changes stage and step by event, without refetching', async () => {
    const build = makeStagedBuild(7, 'success', {
      stages: [
        makeStage(1, 'success', { steps: [makeStep(1, 'success')] }),
        makeStage(2, 'failure', { steps: [makeStep(1, 'success'), makeStep(2, 'failure')] }),
      ],
    });
    const page = startPage({ builds: [build] });
    await settle();
    page.actor.send({
      type: 'route.changed',
      route: { build: 7, stage: 2, step: 2, view: 'log', landing: false },
    });
    expect(selectStep(page.actor.getSnapshot())?.status).toBe('failure');
    page.actor.send({
      type: 'route.changed',
      route: { build: 7, stage: 5, step: 1, view: 'log', landing: false },
    });
    expect(page.state()).toBe('error');
    expect(page.calls.load).toBe(1);
  });

  it('goes to the step that following the logs moved on to, in any stage (issue 29 item 2)', async () => {
    const page = startPage({ builds: [makeStagedBuild(7, 'running')], route: { stage: 2 } });
    await settle();
    page.actor.send({ type: 'console.followStep', stage: 2, step: 3 });
    page.actor.send({ type: 'console.followStep', stage: 3, step: 1 });
    const { namespace, name } = repoRef;
    expect(page.navigated).toEqual([`/${namespace}/${name}/7/2/3`, `/${namespace}/${name}/7/3/1`]);
  });

  it('shows the error notice for a step number beyond the stage (issue 29 item 6)', async () => {
    const build = makeStagedBuild(7, 'success', {
      stages: [
        makeStage(1, 'success', { steps: [makeStep(1, 'success'), makeStep(2, 'success')] }),
      ],
    });
    const page = startPage({ builds: [build], route: { step: 99 } });
    await settle();
    expect(page.state()).toBe('error');
    expect(selectErrorMessage(page.actor.getSnapshot())).toBe(GENERIC_ERROR);
    // A stage without steps yet has no step to be beyond.
    const empty = startPage({
      builds: [makeStagedBuild(7, 'pending', { stages: [makeStage(1, 'pending', { steps: [] })] })],
    });
    await settle();
    expect(empty.state()).toBe('normal');
  });

  it('opens the step j / k ask for, keeping the view (issue 19 item 2)', async () => {
    const page = startPage({ builds: [makeStagedBuild(7, 'running')], route: { view: 'graph' } });
    await settle();
    page.actor.send({ type: 'step.open', stage: 2, step: 1 });
    const { namespace, name } = repoRef;
    expect(page.navigated).toEqual([`/${namespace}/${name}/7/2/1?view=graph`]);
  });

  it('loads another build from scratch', async () => {
    const page = startPage({
      builds: [makeStagedBuild(7, 'success'), makeStagedBuild(8, 'running')],
    });
    await settle();
    page.actor.send({
      type: 'route.changed',
      route: { build: 8, stage: 1, step: 1, view: 'log', landing: false },
    });
    expect(page.state()).toBe('loading');
    await settle();
    expect(page.calls.load).toBe(2);
    expect(page.actor.getSnapshot().context.build?.number).toBe(8);
  });

  it('offers Card View only when a step has a schema', async () => {
    const withCard = makeStagedBuild(7, 'success', {
      stages: [
        makeStage(1, 'success', { steps: [makeStep(1, 'success', { schema: '/card.json' })] }),
      ],
    });
    const page = startPage({ builds: [withCard] });
    await settle();
    expect(selectHasCards(page.actor.getSnapshot())).toBe(true);
    page.stream({ type: 'repo.updated', repo: makeRepo({ build: makeStagedBuild(7, 'success') }) });
    expect(selectHasCards(page.actor.getSnapshot())).toBe(false);
  });
});

describe('buildPage: where a build URL without stage and step lands', () => {
  const { namespace, name } = repoRef;
  const stages = (...list: ReturnType<typeof makeStage>[]) => ({ stages: list });

  it('opens the running step of a running build, in stage order (issue 29 item 1)', async () => {
    const build = makeStagedBuild(
      7,
      'running',
      stages(
        makeStage(1, 'success', { steps: [makeStep(1, 'success'), makeStep(2, 'success')] }),
        makeStage(2, 'running', {
          steps: [makeStep(1, 'success'), makeStep(2, 'running'), makeStep(3, 'running')],
        }),
      ),
    );
    const page = startPage({ builds: [build], route: { landing: true } });
    await settle();
    expect(page.state()).toBe('normal');
    expect(page.actor.getSnapshot().context.route).toMatchObject({ stage: 2, step: 2 });
    expect(page.navigated).toEqual([`/${namespace}/${name}/7/2/2 (replace)`]);
    expect(page.actor.getSnapshot().context.landOnError).toBe(false);
  });

  it('opens the first failed step of a failed build, skipping failure: ignore (issue 30 item 1)', async () => {
    const build = makeStagedBuild(
      7,
      'failure',
      stages(
        makeStage(1, 'success', {
          steps: [makeStep(1, 'success'), makeStep(2, 'failure', { errignore: true })],
        }),
        makeStage(2, 'failure', {
          steps: [makeStep(1, 'success'), makeStep(2, 'success'), makeStep(3, 'failure')],
        }),
        makeStage(3, 'failure', { steps: [makeStep(1, 'failure')] }),
      ),
    );
    const page = startPage({ builds: [build], route: { landing: true } });
    await settle();
    expect(page.actor.getSnapshot().context.route).toMatchObject({ stage: 2, step: 3 });
    expect(page.navigated).toEqual([`/${namespace}/${name}/7/2/3 (replace)`]);
    expect(page.actor.getSnapshot().context.landOnError).toBe(true);
    // The URL follows: the console keeps its landing. Another step drops it.
    page.actor.send({
      type: 'route.changed',
      route: { build: 7, stage: 2, step: 3, view: 'log', landing: false },
    });
    expect(page.actor.getSnapshot().context.landOnError).toBe(true);
    page.actor.send({
      type: 'route.changed',
      route: { build: 7, stage: 1, step: 1, view: 'log', landing: false },
    });
    expect(page.actor.getSnapshot().context.landOnError).toBe(false);
  });

  it('opens stage 1, step 1 of a successful build, also from a link without stage on its page', async () => {
    const build = makeStagedBuild(
      7,
      'success',
      stages(makeStage(1, 'success', { steps: [makeStep(1, 'success'), makeStep(2, 'success')] })),
    );
    const page = startPage({ builds: [build], route: { stage: 1, step: 2 } });
    await settle();
    expect(page.navigated).toEqual([]);
    page.actor.send({
      type: 'route.changed',
      route: { build: 7, stage: 1, step: 1, view: 'log', landing: true },
    });
    // Loaded again, to land by the build's statuses as they are now.
    await settle();
    expect(page.calls.load).toBe(2);
    expect(page.actor.getSnapshot().context.route).toMatchObject({ stage: 1, step: 1 });
    // The URL without stage and step means stage 1, step 1 already: it stays.
    expect(page.navigated).toEqual([]);
    // Landing is the log view's.
    page.actor.send({
      type: 'route.changed',
      route: { build: 7, stage: 1, step: 2, view: 'log', landing: false },
    });
    page.actor.send({
      type: 'route.changed',
      route: { build: 7, stage: 1, step: 1, view: 'graph', landing: true },
    });
    expect(page.navigated).toEqual([]);
  });
});
