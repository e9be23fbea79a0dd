import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { ApiError } from '../../api/client';
import type { Build } from '../../api/types';
import { makeBuild, makeBuilds, makeStage, makeStep } from '../../../tests/factories';
import { createSettler, modelOf, pathName, replayed, reportCoverage } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { CompareView } from '../../views/buildPage/CompareView';
import { MAX_COMPARED_STEPS } from './buildDiff';
import {
  buildCompareMachine,
  COMPARE_PAGE_SIZE,
  MAX_PAGES,
  type PageInput,
  type PreviousInput,
} from './buildCompare.machine';

const repo = { namespace: 'octocat', name: 'hello-world' };
const LINK = 'https://github.com/octocat/hello-world';
const BEFORE_SHA = 'a'.repeat(40);
const AFTER_SHA = 'b'.repeat(40);

const timed = (number: number, name: string, status: Build['status'], seconds: number) =>
  makeStep(number, status, { name, started: 1000, stopped: 1000 + seconds });

/** The build on the page: a push to main whose test step fails, 60 s slower than before. */
const current = makeBuild({
  number: 150,
  status: 'failure',
  after: AFTER_SHA,
  stages: [
    makeStage(1, 'failure', {
      name: 'build',
      steps: [timed(1, 'clone', 'success', 7), timed(2, 'test', 'failure', 100)],
    }),
  ],
});
const previous = makeBuild({
  number: 140,
  after: BEFORE_SHA,
  stages: [
    makeStage(1, 'success', {
      name: 'build',
      steps: [timed(1, 'clone', 'success', 10), timed(2, 'test', 'success', 40)],
    }),
  ],
});
/** A page of newer builds and pull requests: no previous push to main on it. */
const pageWithout = makeBuilds(COMPARE_PAGE_SIZE, (number) => ({
  number: number + 150,
}));
const pageWith = [makeBuild({ number: 141, event: 'pull_request' }), previous];
const shortPageWithout = [makeBuild({ number: 149, target: 'dev' })];

function start(pages: (page: number) => Build[]) {
  const requests: string[] = [];
  const machine = buildCompareMachine.provide({
    actors: {
      fetchBuildsPage: fromPromise<Build[], PageInput>(async ({ input }) => {
        requests.push(`page ${input.page}`);
        return pages(input.page);
      }),
      fetchPrevious: fromPromise<Build, PreviousInput>(async ({ input }) => {
        requests.push(`build ${input.number}`);
        return previous;
      }),
    },
  });
  const actor = createActor(machine, { input: { repo, build: current } }).start();
  return { actor, requests };
}

describe('build compare machine', () => {
  it('pages the list until it meets the previous build of the branch, then loads it', async () => {
    const { actor, requests } = start((page) => (page < 3 ? pageWithout : pageWith));
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(requests).toEqual(['page 1', 'page 2', 'page 3', 'build 140']);
    expect(actor.getSnapshot().context.previous).toBe(previous);
  });

  it(`gives up after ${MAX_PAGES} pages, or at the oldest build`, async () => {
    const far = start(() => pageWithout);
    await waitFor(far.actor, (snapshot) => snapshot.matches('none'));
    expect(far.requests).toHaveLength(MAX_PAGES);
    expect(far.actor.getSnapshot().context).toMatchObject({
      searched: MAX_PAGES * COMPARE_PAGE_SIZE,
      reachedEnd: false,
    });
    const first = start(() => shortPageWithout);
    await waitFor(first.actor, (snapshot) => snapshot.matches('none'));
    expect(first.actor.getSnapshot().context.reachedEnd).toBe(true);
  });
});

// Issue 28 item 6: 3,000 steps of one name drew 3,000 rows at once; the view draws the first
// ones and says how many there are.
describe('build compare view of thousands of steps', () => {
  it('draws the first steps and says that the comparison is longer', async () => {
    const many = (number: number, seconds: number) =>
      makeBuild({
        number,
        after: number === 150 ? AFTER_SHA : BEFORE_SHA,
        stages: [
          makeStage(1, 'success', {
            name: 'matrix',
            steps: Array.from({ length: 3000 }, (_, index) =>
              timed(index + 1, 'test', 'success', seconds),
            ),
          }),
        ],
      });
    const before = many(140, 7);
    const machine = buildCompareMachine.provide({
      actors: {
        fetchBuildsPage: fromPromise<Build[], PageInput>(async () => [before]),
        fetchPrevious: fromPromise<Build, PreviousInput>(async () => before),
      },
    });
    renderWithMachines(<CompareView repo={repo} build={many(150, 5)} repoLink={LINK} />, {
      machines: [[buildCompareMachine, machine]],
      path: '/octocat/hello-world/150?view=compare',
    });
    expect(await screen.findByTestId('compare-too-many')).toHaveTextContent(
      `Showing the first ${MAX_COMPARED_STEPS} of 3,000 steps`,
    );
    expect(screen.getAllByTestId('compare-step')).toHaveLength(MAX_COMPARED_STEPS);
    // The summary still counts every step.
    expect(screen.getByTestId('compare-summary')).toHaveTextContent('3000 steps faster');
  });
});

describe('build compare machine, model-based', () => {
  const model = modelOf(
    buildCompareMachine,
    [
      { type: 'xstate.done.actor.fetchBuildsPage', output: pageWith },
      { type: 'xstate.done.actor.fetchBuildsPage', output: pageWithout },
      { type: 'xstate.done.actor.fetchBuildsPage', output: shortPageWithout },
      { type: 'xstate.error.actor.fetchBuildsPage', error: new ApiError(500, 'boom') },
      { type: 'xstate.done.actor.fetchPrevious', output: previous },
      { type: 'xstate.error.actor.fetchPrevious', error: new ApiError(404, 'Not Found') },
      { type: 'compare.retry' },
    ],
    { input: { repo, build: current } },
  );
  const paths = model.getShortestPaths();

  it('covers every state and transition of the chart', () => {
    const coverage = reportCoverage(buildCompareMachine, {
      paths,
      input: { repo, build: current },
    });
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const calls = createSettler();
      const machine = buildCompareMachine.provide({
        actors: {
          fetchBuildsPage: fromPromise<Build[], PageInput>(() => calls.call<Build[]>()),
          fetchPrevious: fromPromise<Build, PreviousInput>(() => calls.call<Build>()),
        },
      });
      const view = renderWithMachines(<CompareView repo={repo} build={current} repoLink={LINK} />, {
        machines: [[buildCompareMachine, machine]],
        path: '/octocat/hello-world/150?view=compare',
      });
      const actor = view.actorOf(buildCompareMachine);
      const answer = async ({ event }: { event: AnyEventObject }) => {
        const before = actor.getSnapshot();
        calls.settle(event);
        await act(() => waitFor(actor, (snapshot) => snapshot !== before));
      };
      await path.test({
        states: {
          searching: () => {
            expect(screen.getByRole('status')).toHaveTextContent('Finding the previous build...');
          },
          loadingPrevious: () => {
            expect(actor.getSnapshot().context.previousNumber).toBe(140);
            expect(screen.getByRole('status')).toHaveTextContent('Finding the previous build...');
          },
          ready: () => {
            const compared = screen.getByTestId('compare-view');
            expect(within(compared).getByRole('link', { name: '#140' })).toHaveAttribute(
              'href',
              '/octocat/hello-world/140?view=compare',
            );
            expect(screen.getByRole('link', { name: 'aaaaaaaa...bbbbbbbb' })).toHaveAttribute(
              'href',
              `${LINK}/compare/${BEFORE_SHA}...${AFTER_SHA}`,
            );
            const rows = screen.getAllByTestId('compare-step');
            expect(rows.map((row) => row.dataset.newFailure ?? '')).toEqual(['', 'true']);
            expect(within(rows[0]!).getByTestId('compare-change')).toHaveTextContent('3s faster');
            expect(within(rows[1]!).getByTestId('compare-change')).toHaveTextContent(
              '1m 00s slower; success → failure',
            );
            expect(within(rows[1]!).getByText('New failure')).toBeInTheDocument();
          },
          none: () => {
            const { reachedEnd } = actor.getSnapshot().context;
            expect(screen.getByTestId('compare-none')).toHaveTextContent(
              reachedEnd
                ? 'This is the first build of main: there is no earlier one to compare with.'
                : `No earlier build of main in the latest ${MAX_PAGES * COMPARE_PAGE_SIZE} builds.`,
            );
          },
          failed: () => {
            const message = actor.getSnapshot().context.error!;
            expect(screen.getByRole('alert')).toHaveTextContent(message);
          },
        },
        events: {
          'xstate.done.actor.fetchBuildsPage': answer,
          'xstate.error.actor.fetchBuildsPage': answer,
          'xstate.done.actor.fetchPrevious': answer,
          'xstate.error.actor.fetchPrevious': answer,
          'compare.retry': async () => {
            await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
          },
        },
      });
      const expected = replayed(buildCompareMachine, { repo, build: current }, path.steps);
      expect(actor.getSnapshot().value).toEqual(expected.value);
      expect(actor.getSnapshot().context).toEqual(expected.context);
    });
  }
});
