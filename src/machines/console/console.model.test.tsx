import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { fakeLogStream } from '../../../tests/drivers/logStream';
import { coveringPaths, leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { ApiError } from '../../api/client';
import { isDone, type Build, type Line, type Stage, type Status, type Step } from '../../api/types';
import { LogLines } from '../../logs';
import { StepConsole } from '../../views/console/StepConsole';
import { footerText, noLogsText } from '../../views/console/texts';
import { consoleMachine, createFetchStepLogs, type ConsoleEvent } from './console.machine';

// Model-based test (docs/architecture.md 8): the console machine's own graph drives the step console as
// the build page does (new statuses as new props), with controlled log calls and streams; every
// reachable state (status, logs known or not) is reached by its shortest path, the real actor
// agrees with the model at every step, and the console shows what docs/spec.md 4.4 says for the state.

type Snapshot = SnapshotFrom<typeof consoleMachine>;
type ModelEvent =
  | ConsoleEvent
  | { type: 'xstate.done.actor.fetchStepLogs'; output: LogLines }
  | { type: 'xstate.error.actor.fetchStepLogs'; error: unknown };

const repo = { namespace: 'o', name: 'r' };
const build = { number: 3, status: 'running' } as Build;
const stage = { number: 1, name: 'default', status: 'running' } as Stage;
const step = (status: Status) => ({ id: 9, number: 1, name: 'test', status, exit_code: 0 }) as Step;
const line: Line = { pos: 0, out: 'hello\n', time: 0 };
const STATUSES: Status[] = [
  'pending',
  'running',
  'success',
  'failure',
  'killed',
  'skipped',
  'error',
  // No rule in docs/spec.md 4.4: the console goes back to idle.
  'blocked',
];
const otherStep = { ...step('running'), id: 10, number: 2, name: 'deploy' } as Step;
// docs/spec.md 4.4's verdicts over the step's own status: a declined build, a stage error.
const declined = { ...build, status: 'declined' } as Build;
const stageError = { ...stage, status: 'error', error: 'yaml: unknown field' } as Stage;
const input = { repo, build, stage, step: step('blocked') };

/**
 * A blocked stage's pending steps get declined; a stage errs while or after its steps run (the
 * runner failed it). Offered where they happen, so the model stays small.
 */
function verdictsFor({ context }: Snapshot): ModelEvent[] {
  if (context.build.status === 'declined' || context.stage.status === 'error') return [];
  const { step: current } = context;
  const events: ModelEvent[] = [];
  if (current.status === 'pending' || current.status === 'blocked') {
    events.push({ type: 'console.update', build: declined, stage, step: current });
  }
  if (current.status !== 'skipped' && current.status !== 'failure') {
    events.push({ type: 'console.update', build, stage: stageError, step: current });
  }
  return events;
}

function eventsIn(snapshot: Snapshot): ModelEvent[] {
  const updates: ModelEvent[] = [
    ...STATUSES.filter((status) => status !== snapshot.context.step.status).map(
      (status) => ({ type: 'console.update', build, stage, step: step(status) }) as ModelEvent,
    ),
    // The user opens another step: the console starts afresh for it.
    ...(snapshot.context.step.id === otherStep.id
      ? []
      : [{ type: 'console.update', build, stage, step: otherStep } as ModelEvent]),
    ...verdictsFor(snapshot),
    { type: 'log.showAll' },
  ];
  // One answer per call: once answered, the log call is over until the console fetches again.
  const { fetched, fetchError } = snapshot.context;
  if (snapshot.matches({ loading: 'fetching' }) && !fetched && fetchError === null) {
    return [
      ...updates,
      { type: 'xstate.done.actor.fetchStepLogs', output: LogLines.empty() },
      { type: 'xstate.done.actor.fetchStepLogs', output: LogLines.from([line]) },
      { type: 'xstate.error.actor.fetchStepLogs', error: new ApiError(500, 'boom') },
    ];
  }
  if (snapshot.matches('error') && fetchError !== null) {
    return [...updates, { type: 'log.retry' }];
  }
  const toggle = { type: snapshot.context.follow ? 'log.unfollow' : 'log.follow' } as ModelEvent;
  if (snapshot.matches('stream_on')) {
    return [
      ...updates,
      { type: 'log.lines', lines: [line] },
      ...(snapshot.context.droppedOverlong ? [] : [{ type: 'log.overlong' } as ModelEvent]),
      toggle,
    ];
  }
  const { followNext, build: current } = snapshot.context;
  return followNext && !isDone(current.status) ? [...updates, toggle] : updates;
}

const options = {
  input,
  keyBy: (snapshot: Snapshot) => [
    snapshot.value,
    snapshot.context.step.status,
    snapshot.context.build.status,
    snapshot.context.stage.status,
    snapshot.context.lines.length,
    snapshot.context.fetched,
    snapshot.context.fetchError,
    snapshot.context.step.id,
    snapshot.context.follow,
  ],
};
const model = modelOf(consoleMachine, eventsIn as never, options);
// Each state the console can show, and every transition, on as few renders as cover them.
const paths = coveringPaths(consoleMachine, model.getShortestPaths(), options);

// react-virtuoso measures nothing in happy-dom; give it a viewport.
const withViewport = (children: ReactNode) => (
  <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 20 }}>
    {children}
  </VirtuosoMockContext.Provider>
);

function renderConsole() {
  let settle: { resolve: (lines: LogLines) => void; reject: (error: unknown) => void } | undefined;
  const machine = consoleMachine.provide({
    actors: {
      fetchStepLogs: createFetchStepLogs(
        () => new Promise<LogLines>((resolve, reject) => (settle = { resolve, reject })),
      ),
      streamLogs: fakeLogStream as never,
    },
  });
  const ui = (current: Step, currentBuild = build, currentStage = stage) =>
    withViewport(
      <StepConsole repo={repo} build={currentBuild} stage={currentStage} step={current} />,
    );
  const view = renderWithMachines(ui(input.step), { machines: [[consoleMachine, machine]] });
  const actor = view.actorOf(consoleMachine);
  const stream = () => actor.getSnapshot().children.logStream as AnyActorRef;
  const exec = async (event: ModelEvent) => {
    await act(async () => {
      // The build page hands in the step's new status as props.
      if (event.type === 'console.update') view.rerender(ui(event.step, event.build, event.stage));
      else if (event.type === 'xstate.done.actor.fetchStepLogs') settle!.resolve(event.output);
      else if (event.type === 'xstate.error.actor.fetchStepLogs') settle!.reject(event.error);
      else if (event.type === 'log.lines')
        stream().send({ type: 'test.lines', lines: event.lines });
      else if (event.type === 'log.overlong') stream().send({ type: 'test.overlong' });
      else if (event.type === 'log.retry')
        fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      else if (event.type === 'log.follow' || event.type === 'log.unfollow') {
        // docs/spec.md 4.4: the follow toggle of a streaming step.
        fireEvent.click(screen.getByRole('button', { name: /^Follow(ing)? logs$/ }));
      } else actor.send(event);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return { actor, exec, view };
}

/** What the console shows in each state (docs/spec.md 4.4). */
function checkView(snapshot: Snapshot) {
  const { step: current, build, stage, lines, fetchError } = snapshot.context;
  const body = screen.getByRole('region', { name: `Console of step ${current.name}` });
  // docs/spec.md 4.4's footer, except under a failed log call (never 'Exit Code 0' there).
  if (fetchError) expect(screen.queryByTestId('console-footer')).not.toBeInTheDocument();
  else expect(screen.getByTestId('console-footer')).toHaveTextContent(footerText(current, stage));
  const loading = screen.queryByRole('status');
  // A stage error is said above the log (docs/spec.md 2.9), beside the console's own alert.
  const alerts = screen.queryAllByRole('alert');
  const alert = alerts.find((element) => !element.textContent?.includes(stageError.error!)) ?? null;
  if (stage.error) expect(alerts[0]).toHaveTextContent(stage.error);
  if (snapshot.matches('idle')) {
    expect(loading).not.toBeInTheDocument();
    expect(alert).not.toBeInTheDocument();
  } else if (snapshot.matches('loading') || snapshot.matches('stream_on')) {
    // Waiting for lines: a spinner until the first one arrives.
    if (lines.length === 0) expect(loading).toBeInTheDocument();
    expect(alert).not.toBeInTheDocument();
  } else if (snapshot.matches('no_logs_available')) {
    expect(body).toHaveTextContent(noLogsText(build, stage, current));
    expect(loading).not.toBeInTheDocument();
  } else if (snapshot.matches('error')) {
    // docs/spec.md 8: the failed call's message (or the step's error).
    if (fetchError) {
      expect(alert).toHaveTextContent(fetchError);
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    }
    expect(loading).not.toBeInTheDocument();
  } else if (snapshot.matches('resolved')) {
    expect(loading).not.toBeInTheDocument();
    expect(alert).not.toBeInTheDocument();
  }
  // Issue 28 item 4: while streaming, a line the stream left out is said.
  const overlong = screen.queryByTestId('console-overlong');
  if (snapshot.matches('stream_on') && snapshot.context.droppedOverlong) {
    expect(overlong).toHaveTextContent('A line longer than 1 MiB was left out of the live log');
  } else {
    expect(overlong).not.toBeInTheDocument();
  }
  const listsLines = !snapshot.matches('idle') && !snapshot.matches('no_logs_available');
  if (listsLines && lines.length > 0) expect(body).toHaveTextContent('hello');
  // docs/spec.md 2.9's follow toggle: while streaming, and once the shown step stopped running while
  // the build runs on (following then goes on to the build's next running step).
  const follow = screen.queryByRole('button', { name: /^Follow(ing)? logs$/ });
  if (snapshot.matches('stream_on') || (snapshot.context.followNext && !isDone(build.status))) {
    expect(follow).toHaveAttribute('aria-pressed', String(snapshot.context.follow));
  } else {
    expect(follow).not.toBeInTheDocument();
  }
}

describe('console machine, model-based, through the step console', () => {
  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(consoleMachine, { paths, input })).toEqual([
      // Following into the next running step and jumping to a hidden line (more than 250
      // lines) are console.test.ts's.
      'console --console.update [hasStepToFollow]--> console',
      // The build page's keys (issue 19 item 2) are console.test.ts's: they change no state.
      'console --log.toggleFollow--> console',
      'console --log.toggleTimestamps--> console',
      'console --log.jump--> console',
      'console --step.next--> console',
      'console --step.previous--> console',
      'console --log.showLine--> console',
      // A long log's last lines shown while the rest is read (issue 32) are console.test.ts's and
      // StepConsole.test.tsx's: the model's events go through JSON, which a LogLines does not.
      'console.loading.fetching --log.tail--> console.loading.fetching',
      // Opening a landed-on failed step at its first error line is console.test.ts's.
      'console.resolved --xstate.done.actor.findFirstError--> console.resolved',
      'console.resolved --xstate.error.actor.findFirstError--> console.resolved',
      'console.resolved --xstate.after.300.console.resolved [isLandingOnLongLog]--> console.resolved',
    ]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const sut = renderConsole();
      for (const { event, state } of path.steps) {
        if (event.type !== 'xstate.init') await sut.exec(event as ModelEvent);
        const real = sut.actor.getSnapshot();
        const expected = state as unknown as Snapshot;
        expect(real.value).toEqual(expected.value);
        expect(real.context.lines.length).toBe(expected.context.lines.length);
        checkView(real);
      }
    });
  }
});
