import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { LogLines } from '../../../logs';
import type { TestReport } from '../../../logs/tests/report';
import {
  TESTS_PAGE,
  testResultsMachine,
  type LogSource,
} from '../../../machines/console/testResults.machine';
import type { PreviousStepLog } from '../../../machines/console/previousStepLog';
import { makeBuild, makeStage, makeStep } from '../../../../tests/factories';
import { switchLanguage } from '../../../../tests/language';
import { TestsView } from './TestsPanel';

const repo = { namespace: 'acme', name: 'ledger' };
const step = makeStep(2, 'failure', { name: 'tap' });
const stage = makeStage(1, 'failure', { steps: [step] });
const build = makeBuild({ number: 3, status: 'failure', stages: [stage] });

const HOSTILE = '<img src=x onerror=alert(1)>';
const logOf = (lines: string[]) =>
  LogLines.from(lines.map((out, pos) => ({ pos, out: `${out}\n`, time: 0 })));
const CURRENT = [
  'ok 1 - adds',
  `not ok 2 - ${HOSTILE}`,
  '  ---',
  "  message: 'expected <b>1</b>'",
  '  stack: |-',
  '    at test.js:3:1',
  '  ...',
  'not ok 3 - currency',
  'ok 4 - sorts # SKIP later',
];
const PREVIOUS = [`not ok 1 - ${HOSTILE}`];

const resolved = (lines: LogLines): LogSource => ({
  getSnapshot: () => ({ value: 'resolved', context: { lines, step } }),
  subscribe: () => ({ unsubscribe: () => {} }),
});

function renderPanel({
  lines = logOf(CURRENT),
  previous = logOf(PREVIOUS) as LogLines | null,
  read,
}: { lines?: LogLines; previous?: LogLines | null; read?: () => Promise<TestReport> } = {}) {
  const machine = testResultsMachine.provide({
    actors: {
      findPreviousStepLog: fromPromise(async (): Promise<PreviousStepLog> => ({
        build: 2,
        lines: previous,
      })),
      ...(read ? { readTests: fromPromise(read) } : {}),
    },
  });
  const actor = createActor(machine, { input: { repo, build, stage, step, log: resolved(lines) } });
  actor.start();
  render(<TestsView actorRef={actor} />);
  return actor;
}

afterEach(async () => {
  await act(() => switchLanguage('en'));
});

describe('TestsView', () => {
  it('shows counts, then failures with message, stack, line and whether each is new', async () => {
    renderPanel();
    await screen.findByText(
      'Compared with build #2: “New” failed only now, “Already failing” failed there too.',
    );
    expect(screen.getByTestId('tests-counts')).toHaveTextContent('2 failed1 passed1 skipped');
    const failures = within(screen.getByTestId('tests-failures')).getAllByRole('listitem');
    expect(failures.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Already failing',
      'New',
    ]);
    // Names and messages are text: never markup.
    expect(failures[0]).toHaveTextContent(HOSTILE);
    expect(failures[0]).toHaveTextContent('expected <b>1</b>');
    expect(document.querySelector('img, b')).toBeNull();
    expect(within(failures[0]!).getByText('Stack')).toBeInTheDocument();
    expect(within(failures[0]!).getByRole('link', { name: 'Line 2' })).toHaveAttribute(
      'href',
      '#L2',
    );
    const others = within(screen.getByTestId('tests-others')).getAllByRole('listitem');
    expect(others.map((item) => item.textContent)).toEqual([
      'skippedsortsLine 9',
      'passedaddsLine 1',
    ]);
  });

  it('searches the cases, and says when none matches', async () => {
    const actor = renderPanel();
    const search = await screen.findByRole('searchbox', { name: 'Search tests' });
    fireEvent.change(search, { target: { value: 'CURR' } });
    expect(actor.getSnapshot().context.query).toBe('CURR');
    expect(within(screen.getByTestId('tests-failures')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByTestId('tests-others')).toBeNull();
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(screen.getByText('No test matches “nothing like it”.')).toBeInTheDocument();
  });

  it('shows a page of cases at a time', async () => {
    const many = Array.from({ length: TESTS_PAGE + 5 }, (_, k) => `ok ${k + 1} - case ${k}`);
    renderPanel({ lines: logOf(many) });
    await screen.findByText(`Showing ${TESTS_PAGE} of ${TESTS_PAGE + 5}`);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(screen.getByTestId('tests-others')).getAllByRole('listitem')).toHaveLength(
      TESTS_PAGE + 5,
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says when there is no earlier build of the branch to compare with', async () => {
    const machine = testResultsMachine.provide({
      actors: {
        findPreviousStepLog: fromPromise(async (): Promise<PreviousStepLog> => ({
          build: null,
          lines: null,
        })),
      },
    });
    const actor = createActor(machine, {
      input: { repo, build, stage, step, log: resolved(logOf(CURRENT)) },
    }).start();
    render(<TestsView actorRef={actor} />);
    await screen.findByText('No earlier finished build of this branch to compare with.');
    expect(screen.queryByText('New')).toBeNull();
  });

  it('shows nothing for a log without tests', async () => {
    const actor = renderPanel({ lines: logOf(['+ make', 'done']) });
    await act(async () => {
      await new Promise((resolve) =>
        actor.subscribe((snapshot) => snapshot.matches({ log: 'ready' }) && resolve(null)),
      );
    });
    expect(screen.queryByTestId('tests-panel')).toBeNull();
  });

  it('says why the results could not be read, and reads again on Retry', async () => {
    let calls = 0;
    renderPanel({
      read: () => {
        calls += 1;
        return Promise.reject(new Error('The worker stopped'));
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The test results could not be read: The worker stopped',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('alert');
    expect(calls).toBe(2);
  });

  it('speaks Chinese', async () => {
    await act(() => switchLanguage('zh-CN'));
    renderPanel();
    expect(await screen.findByTestId('tests-counts')).toHaveTextContent('2 个失败1 个通过1 个跳过');
    expect(await screen.findByText('新失败')).toBeInTheDocument();
    expect(screen.getByText('已在失败')).toBeInTheDocument();
  });
});
