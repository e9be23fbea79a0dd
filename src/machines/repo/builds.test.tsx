import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { ApiError } from '../../api/client';
import type { Build } from '../../api/types';
import { makeBuild, makeBuilds, makeRepo } from '../../../tests/factories';
import {
  coveringPaths,
  createSettler,
  leftOutOfChart,
  modelOf,
  pathName,
  replayed,
} from '../../../tests/model';
import { modelSteps } from '../../../tests/drivers/modelSteps';
import { failedOrNotFound } from '../../../tests/drivers/tabStates';
import { renderWithMachines } from '../../../tests/renderMachine';
import { filterBuilds } from './buildFilter';
import { BuildsTab } from '../../views/repo/BuildsTab';
import {
  buildsMachine,
  selectBuilds,
  selectCanShowMore,
  selectFilterRanOut,
  selectIsNotFound,
  selectLoadError,
  type BuildsContext,
  type PageInput,
} from './builds.machine';

const repo = { namespace: 'octocat', name: 'hello-world' };

/** A stand-in for the shared /api/stream: the test pushes events through `emit`. */
function fakeStream() {
  const listeners = new Set<(event: AnyEventObject) => void>();
  return {
    actor: fromCallback<{ type: 'noop' }>(({ sendBack }) => {
      listeners.add(sendBack);
      return () => listeners.delete(sendBack);
    }),
    emit: (event: AnyEventObject) => listeners.forEach((listener) => listener(event)),
  };
}

function start(pages: (input: PageInput) => Promise<Build[]>) {
  const stream = fakeStream();
  const requests: number[] = [];
  const machine = buildsMachine.provide({
    actors: {
      fetchBuildsPage: fromPromise<Build[], PageInput>(({ input }) => {
        requests.push(input.page);
        return pages(input);
      }),
      followRepoEvents: stream.actor,
    },
  });
  const actor = createActor(machine, { input: { repo } }).start();
  return { actor, stream, requests };
}

const numbers = (builds: Build[]) => builds.map((build) => build.number);
const ready = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (snapshot) => snapshot.matches('ready'));

/** 120 builds on the server, served 50 per page, newest first. */
const server = makeBuilds(120);
const pageOf = async ({ page }: PageInput) => server.slice((page - 1) * 50, page * 50);

describe('builds machine', () => {
  it('loads the first page of 50 and pages with show more until a page comes back short', async () => {
    const { actor, requests } = start(pageOf);
    await ready(actor);
    expect(selectBuilds(actor.getSnapshot())).toHaveLength(50);
    expect(selectCanShowMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'builds.showMore' });
    await ready(actor);
    actor.send({ type: 'builds.showMore' });
    await ready(actor);
    expect(numbers(selectBuilds(actor.getSnapshot()))).toEqual(numbers(server));
    expect(selectCanShowMore(actor.getSnapshot())).toBe(false);
    expect(requests).toEqual([1, 2, 3]);
  });

  it('applies live updates of this repository: equal numbers replace, newer ones go on top', async () => {
    const { actor, stream } = start(async () => makeBuilds(3));
    await ready(actor);
    const event = (build: Build, slug = 'octocat/hello-world') => {
      const [namespace, name] = slug.split('/');
      return { type: 'repo.updated', repo: makeRepo({ namespace, name, slug, build }) };
    };
    stream.emit(event(makeBuild({ number: 4, status: 'pending' })));
    stream.emit(event(makeBuild({ number: 4, status: 'running' })));
    stream.emit(event(makeBuild({ number: 2, status: 'failure' })));
    stream.emit(event(makeBuild({ number: 9 }), 'octocat/other'));
    const builds = selectBuilds(actor.getSnapshot());
    expect(numbers(builds)).toEqual([4, 3, 2, 1]);
    expect(builds.map((build) => build.status)).toEqual([
      'running',
      'success',
      'failure',
      'success',
    ]);
  });

  it('refetches the first page after the stream reconnects', async () => {
    let answer = makeBuilds(2);
    const { actor, stream, requests } = start(async () => answer);
    await ready(actor);
    answer = makeBuilds(3); // build 3 started while the stream was down
    stream.emit({ type: 'stream.reconnected' });
    await waitFor(actor, (snapshot) => selectBuilds(snapshot).length === 3);
    expect(requests).toEqual([1, 1]);
    expect(numbers(selectBuilds(actor.getSnapshot()))).toEqual([3, 2, 1]);
  });

  it("goes to notFound on 'Not Found' and to failed (with retry) on other errors", async () => {
    const missing = start(async () => {
      throw new ApiError(404, 'Not Found');
    });
    await waitFor(missing.actor, (snapshot) => selectIsNotFound(snapshot));

    let fail = true;
    const flaky = start(async () => {
      if (fail) throw new ApiError(500, 'database is locked');
      return makeBuilds(1);
    });
    await waitFor(flaky.actor, (snapshot) => snapshot.matches('failed'));
    expect(selectLoadError(flaky.actor.getSnapshot())).toBe('database is locked');
    fail = false;
    flaky.actor.send({ type: 'builds.retry' });
    await ready(flaky.actor);
    expect(selectBuilds(flaky.actor.getSnapshot())).toHaveLength(1);
  });

  it('keeps the list when loading more fails', async () => {
    const { actor } = start(async ({ page }) => {
      if (page > 1) throw new ApiError(0, 'Failed to fetch');
      return makeBuilds(50);
    });
    await ready(actor);
    actor.send({ type: 'builds.showMore' });
    await waitFor(actor, (snapshot) => snapshot.matches('loadingMore'));
    await ready(actor);
    expect(selectBuilds(actor.getSnapshot())).toHaveLength(50);
    expect(selectCanShowMore(actor.getSnapshot())).toBe(true);
  });
});

describe('builds machine, model-based', () => {
  const fullPage = makeBuilds(50, (number) => ({ number: number + 50 }));
  const shortPage = makeBuilds(3);
  const update = makeRepo({ build: makeBuild({ number: 101, status: 'running' }) });
  const options = {
    input: { repo },
    // The page counter grows without bound; what the guards read is the rest.
    keyBy: ({ value, context }: { value: unknown; context: BuildsContext }) => [
      value,
      context.filter,
      context.hasMore,
      context.autoPages,
      filterBuilds(context.builds, context.filter).length < context.wanted,
    ],
  };
  const model = modelOf(
    buildsMachine,
    [
      { type: 'xstate.done.actor.fetchBuildsPage', output: fullPage },
      { type: 'xstate.done.actor.fetchBuildsPage', output: shortPage },
      { type: 'xstate.error.actor.fetchBuildsPage', error: new ApiError(404, 'Not Found') },
      { type: 'xstate.error.actor.fetchBuildsPage', error: new ApiError(500, 'boom') },
      { type: 'builds.showMore' },
      { type: 'builds.refresh' },
      { type: 'builds.retry' },
      { type: 'stream.reconnected' },
      { type: 'repo.updated', repo: update },
      // Every build of the pages is a success: this filter searches on its own, then runs out.
      { type: 'builds.filter', filter: { status: 'failure' } },
    ],
    options,
  );
  // Each state the tab can show, and every transition, on as few renders as cover them.
  const paths = coveringPaths(buildsMachine, model.getShortestPaths(), options);

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(buildsMachine, { paths, input: { repo } })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const pages = createSettler();
      const machine = buildsMachine.provide({
        actors: {
          fetchBuildsPage: fromPromise<Build[], PageInput>(() => pages.call<Build[]>()),
          followRepoEvents: fakeStream().actor,
        },
        actions: { notifyError: () => undefined },
      });
      // The Executions tab (docs/spec.md 2.6) with this machine behind it.
      const view = renderWithMachines(<BuildsTab repo={makeRepo(repo)} />, {
        machines: [[buildsMachine, machine]],
        path: '/octocat/hello-world',
      });
      const actor = view.actorOf(buildsMachine);
      const { send, answers, clickOrSend } = modelSteps(actor, pages);
      const listed = () => {
        const { builds, filter } = actor.getSnapshot().context;
        return filterBuilds(builds, filter);
      };
      /** The executions on screen, each linking to its build. */
      const showsList = () => {
        for (const build of listed().slice(0, 3)) {
          expect(
            screen.getAllByRole('link', { name: new RegExp(`#${build.number}\\b`) }).length,
          ).toBeGreaterThan(0);
        }
      };
      await path.test({
        states: {
          loading: () => {
            expect(actor.getSnapshot().value).toBe('loading');
            if (listed().length === 0) expect(screen.getByRole('status')).toBeInTheDocument();
          },
          ready: () => {
            expect(actor.getSnapshot().context.page).toBeGreaterThan(0);
            if (selectBuilds(actor.getSnapshot()).length === 0) {
              expect(screen.getByText('Your Build List is Empty.')).toBeInTheDocument();
            } else showsList();
            const more = screen.queryByRole('button', { name: 'Show more' });
            const ranOut = selectFilterRanOut(actor.getSnapshot());
            expect(Boolean(more)).toBe(!ranOut && selectCanShowMore(actor.getSnapshot()));
            if (ranOut) {
              expect(screen.getByTestId('filter-ran-out')).toHaveTextContent(/match these filters/);
            }
          },
          loadingMore: () => {
            expect(actor.getSnapshot().context.hasMore).toBe(true);
            expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
            showsList();
          },
          refreshing: () => {
            expect(actor.getSnapshot().value).toBe('refreshing');
            // The list stays on screen while it is fetched again.
            if (listed().length) showsList();
          },
          ...failedOrNotFound({
            error: () => selectLoadError(actor.getSnapshot()),
            isNotFound: () => selectIsNotFound(actor.getSnapshot()),
            history: () => view.location.history,
          }),
        },
        events: {
          ...answers('fetchBuildsPage'),
          'builds.showMore': clickOrSend(() => screen.queryByRole('button', { name: 'Show more' })),
          'builds.refresh': send,
          'builds.retry': clickOrSend(() =>
            screen.queryByRole('button', { name: /retry|try again/i }),
          ),
          'stream.reconnected': send,
          'repo.updated': send,
          'builds.filter': send,
        },
      });
      const expected = replayed(buildsMachine, { repo }, path.steps);
      expect(actor.getSnapshot().value).toEqual(expected.value);
      expect(actor.getSnapshot().context).toEqual(expected.context);
    });
  }
});
