import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { ApiError } from '../../api/client';
import type { Build, Status } from '../../api/types';
import { LogLines } from '../../logs';
import { diffLogs, type LogDiff } from '../../logs/logDiff';
import { makeBuild, makeStage, makeStep } from '../../../tests/factories';
import { createSettler, modelOf, pathName, replayed, reportCoverage } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { StepLogDiff } from '../../views/logDiff/StepLogDiff';
import {
  logDiffMachine,
  PAGE_SIZE,
  type BaselineInput,
  type BothLogs,
  type BothLogsInput,
  type LogDiffContext,
  type PageInput,
} from './logDiff.machine';

// Every state and transition of the log diff, each path through the real panel.
const repo = { namespace: 'acme', name: 'api' };
const built = (number: number, status: Status) =>
  makeBuild({
    number,
    status,
    stages: [
      makeStage(1, status, { name: 'build', steps: [makeStep(1, status, { name: 'test' })] }),
    ],
  });
const failed = built(150, 'failure');
const input = {
  repo,
  build: failed,
  stage: failed.stages![0]!,
  step: failed.stages![0]!.steps![0]!,
};

const withGreen = [built(149, 'failure'), built(140, 'success')];
const fullWithout = Array.from({ length: PAGE_SIZE }, (_, k) => built(400 - k, 'failure'));
const lines = (texts: string[]) =>
  LogLines.from(texts.map((out, pos) => ({ pos, out: `${out}\n`, time: pos })));
const logs: BothLogs = { before: lines(['a', 'b']), after: lines(['a', 'Error: c']) };
const diff: LogDiff = diffLogs(['a\n', 'b\n'], ['a\n', 'Error: c\n']);
const noStep = makeBuild({ number: 140, stages: [makeStage(1, 'success', { name: 'build' })] });

/** Keyed by state, page count and whether a diff is kept: the context that changes what happens. */
const keyBy = (snapshot: { value: unknown; context: LogDiffContext }) => [
  snapshot.value,
  Math.min(snapshot.context.page, 2),
  snapshot.context.diff !== null,
  snapshot.context.failedIn,
];

describe('log diff machine, model-based', () => {
  const model = modelOf(
    logDiffMachine,
    (snapshot) => [
      // The picker offers the branch's builds once the search has seen some.
      ...(snapshot.context.offered.length > 0 && !snapshot.matches({ open: 'searching' })
        ? [{ type: 'diff.pick', number: snapshot.context.offered[0]!.number }]
        : []),
      { type: 'diff.open' },
      { type: 'diff.close' },
      { type: 'diff.retry' },
      { type: 'xstate.done.actor.fetchBuildsPage', output: withGreen },
      { type: 'xstate.done.actor.fetchBuildsPage', output: fullWithout },
      { type: 'xstate.done.actor.fetchBuildsPage', output: [] },
      { type: 'xstate.error.actor.fetchBuildsPage', error: new ApiError(500, 'boom') },
      { type: 'xstate.done.actor.fetchBaseline', output: built(140, 'success') },
      { type: 'xstate.done.actor.fetchBaseline', output: noStep },
      { type: 'xstate.error.actor.fetchBaseline', error: new ApiError(404, 'Not Found') },
      { type: 'xstate.done.actor.fetchBothLogs', output: logs },
      { type: 'xstate.error.actor.fetchBothLogs', error: new ApiError(502, 'Bad Gateway') },
      { type: 'xstate.done.actor.diffLogs', output: diff },
      { type: 'xstate.error.actor.diffLogs', error: new Error('out of memory') },
    ],
    { input, keyBy },
  );
  const paths = model.getShortestPaths();

  it('covers every state and transition of the chart', () => {
    const coverage = reportCoverage(logDiffMachine, { paths, input });
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const calls = createSettler();
      const machine = logDiffMachine.provide({
        actors: {
          fetchBuildsPage: fromPromise<Build[], PageInput>(() => calls.call<Build[]>()),
          fetchBaseline: fromPromise<Build, BaselineInput>(() => calls.call<Build>()),
          fetchBothLogs: fromPromise<BothLogs, BothLogsInput>(() => calls.call<BothLogs>()),
          diffLogs: fromPromise<LogDiff, BothLogs>(() => calls.call<LogDiff>()),
        },
      });
      const view = renderWithMachines(<StepLogDiff {...input} />, {
        machines: [[logDiffMachine, machine]],
        path: '/acme/api/150/1/1',
      });
      const actor = view.actorOf(logDiffMachine);
      const answer = async ({ event }: { event: AnyEventObject }) => {
        const before = actor.getSnapshot();
        calls.settle(event);
        await act(() => waitFor(actor, (snapshot) => snapshot !== before));
      };
      const click = (name: string) => async () => {
        await act(async () => fireEvent.click(screen.getByRole('button', { name })));
      };
      const loading = (text: string) => () => {
        expect(screen.getByRole('status')).toHaveTextContent(text);
      };
      await path.test({
        states: {
          closed: () => {
            expect(
              screen.getByRole('button', { name: 'Compare with the last green build' }),
            ).toBeVisible();
          },
          'open.searching': loading('Finding the last successful build of main'),
          'open.loadingBaseline': (state) =>
            loading(`Reading the logs of build #${state.context.chosen}`)(),
          'open.loadingLogs': loading('Reading the logs of build #'),
          'open.comparing': loading('Comparing the logs'),
          'open.none': () => {
            expect(screen.getByText('No successful build of main to compare with')).toBeVisible();
          },
          'open.noStep': () => {
            expect(screen.getByText(/has no log of step test in stage build/)).toBeVisible();
          },
          'open.failed': () => {
            expect(screen.getByRole('alert')).toHaveTextContent(
              /boom|Not Found|Bad Gateway|The logs could not be compared: out of memory/,
            );
          },
          'open.ready': () => {
            expect(screen.getByTestId('log-diff-summary')).toHaveTextContent(
              '1 line added, 1 removed, against build #140',
            );
          },
        },
        events: {
          'diff.open': click('Compare with the last green build'),
          'diff.close': click('Close'),
          'diff.retry': click('Retry'),
          'diff.pick': async ({ event }) => {
            const value = String((event as unknown as { number: number }).number);
            await act(async () =>
              fireEvent.change(screen.getByLabelText('Compare with'), { target: { value } }),
            );
          },
          'xstate.done.actor.fetchBuildsPage': answer,
          'xstate.error.actor.fetchBuildsPage': answer,
          'xstate.done.actor.fetchBaseline': answer,
          'xstate.error.actor.fetchBaseline': answer,
          'xstate.done.actor.fetchBothLogs': answer,
          'xstate.error.actor.fetchBothLogs': answer,
          'xstate.done.actor.diffLogs': answer,
          'xstate.error.actor.diffLogs': answer,
        },
      });
      const expected = replayed(logDiffMachine, input, path.steps);
      expect(actor.getSnapshot().value).toEqual(expected.value);
      expect(actor.getSnapshot().context.chosen).toEqual(expected.context.chosen);
    });
  }
});
