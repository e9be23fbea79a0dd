import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { fakeLogStream } from '../../../tests/drivers/logStream';
import { ApiError } from '../../api/client';
import { makeLines as range } from '../../../tests/factories';
import type { StoredLogRef } from '../../api/logs';
import type { Build, Line, Stage, Status, Step } from '../../api/types';
import { LogLines } from '../../logs';
import {
  consoleMachine,
  createFetchStepLogs,
  createStoredLogTail,
  type findFirstError,
  type ConsoleInput,
} from './console.machine';
import type { FollowStepEvent, OpenStepEvent } from './consoleFollow';

const build = (status: Status = 'running', number = 7) => ({ number, status }) as Build;
const stage = (status: Status = 'running', extra: Partial<Stage> = {}) =>
  ({ number: 1, name: 'default', status, ...extra }) as Stage;
const step = (status: Status, extra: Partial<Step> = {}) =>
  ({ id: 301, number: 2, name: 'test', status, exit_code: 0, ...extra }) as Step;

/** Controlled answers of the logs endpoint, one per call. */
function startConsole(
  input: Partial<ConsoleInput> & { step: Step },
  actors: { findFirstError?: typeof findFirstError } = {},
) {
  const calls: StoredLogRef[] = [];
  const answers: Array<{ resolve: (lines: Line[]) => void; reject: (error: unknown) => void }> = [];
  let sendTail: ((lines: Line[]) => void) | null = null;
  const machine = consoleMachine.provide({
    actors: {
      // A long log's last lines, as the worker reads them ahead of the rest.
      storedLogTail: createStoredLogTail((_, watcher) => {
        sendTail = (lines) => watcher(LogLines.from(lines));
        return () => void (sendTail = null);
      }),
      fetchStepLogs: createFetchStepLogs(
        (ref) =>
          new Promise((resolve, reject) => {
            calls.push(ref);
            answers.push({ resolve, reject });
          }),
      ),
      streamLogs: fakeLogStream as never,
      ...actors,
    },
  });
  const actor = createActor(machine, {
    input: {
      repo: { namespace: 'octocat', name: 'hello' },
      build: build(),
      stage: stage(),
      ...input,
    },
  }).start();
  const state = () => actor.getSnapshot();
  const stream = () => state().children.logStream as AnyActorRef | undefined;
  const answer = async (lines: Line[] | Error) => {
    const next = answers.shift()!;
    if (lines instanceof Error) next.reject(lines);
    else next.resolve(lines);
    await vi.runAllTimersAsync();
  };
  const positions = () => {
    const { lines } = state().context;
    return Array.from({ length: lines.length }, (_, index) => lines.posAt(index));
  };
  // Nothing, where the console does not watch for them.
  const tail = (lines: Line[]) => sendTail?.(lines);
  return { actor, state, stream, calls, answer, positions, tail };
}

describe('console machine (docs/spec.md 4.4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('streams a running step: stream_on, lines handed over by the logStream child', () => {
    const { state, stream, calls } = startConsole({ step: step('running') });
    expect(state().matches('stream_on')).toBe(true);
    stream()!.send({ type: 'test.lines', lines: range(0, 3) });
    stream()!.send({ type: 'test.lines', lines: range(2, 5) });
    expect(state().context.lines.length).toBe(5);
    expect(calls).toEqual([]);
  });

  it('keeps the same stream while the running step gets updates', () => {
    const { actor, stream } = startConsole({ step: step('running') });
    const child = stream();
    actor.send({ type: 'console.update', build: build(), stage: stage(), step: step('running') });
    expect(stream()).toBe(child);
  });

  it.each(['pending', 'waiting_on_dependencies'] as const)(
    'waits in loading for a %s step, without fetching',
    (status) => {
      const { state, calls } = startConsole({ step: step(status) });
      expect(state().matches({ loading: 'waiting' })).toBe(true);
      expect(calls).toEqual([]);
    },
  );

  it('goes from loading to stream_on when the step starts', () => {
    const { actor, state } = startConsole({ step: step('pending') });
    actor.send({ type: 'console.update', build: build(), stage: stage(), step: step('running') });
    expect(state().matches('stream_on')).toBe(true);
  });

  it('fetches a successful step once and resolves when it has logs', async () => {
    const { actor, state, calls, answer } = startConsole({ step: step('success') });
    expect(state().matches({ loading: 'fetching' })).toBe(true);
    // A long log's last lines are asked for first (issue 32).
    expect(calls).toEqual([
      { namespace: 'octocat', name: 'hello', build: 7, stage: 1, step: 2, tailFirst: true },
    ]);
    await answer(range(0, 3));
    expect(state().matches('resolved')).toBe(true);
    actor.send({
      type: 'console.update',
      build: build('success'),
      stage: stage(),
      step: step('success'),
    });
    expect(calls).toHaveLength(1);
  });

  it('shows no logs for a successful step whose log is empty or missing', async () => {
    const empty = startConsole({ step: step('success') });
    await empty.answer([]);
    expect(empty.state().matches('no_logs_available')).toBe(true);

    const missing = startConsole({ step: step('success') });
    await missing.answer(new ApiError(404, 'sql: no rows in result set'));
    expect(missing.state().matches('no_logs_available')).toBe(true);
  });

  it('resolves a failed step, even with an empty log', async () => {
    const { state, answer } = startConsole({ step: step('failure', { exit_code: 2 }) });
    await answer([]);
    expect(state().matches('resolved')).toBe(true);
  });

  it('resolves a killed step that has logs, and settles one without logs', async () => {
    const withLogs = startConsole({ step: step('killed') });
    await withLogs.answer(range(0, 2));
    expect(withLogs.state().matches('resolved')).toBe(true);

    const without = startConsole({ step: step('killed') });
    await without.answer([]);
    expect(without.state().matches('no_logs_available')).toBe(true);
  });

  it('shows no logs for a skipped step, without fetching', () => {
    const { state, calls } = startConsole({ step: step('skipped') });
    expect(state().matches('no_logs_available')).toBe(true);
    expect(calls).toEqual([]);
  });

  it('is in error for a step error or a stage error', () => {
    expect(
      startConsole({ step: step('error') })
        .state()
        .matches('error'),
    ).toBe(true);
    const stageError = startConsole({
      stage: stage('error', { error: 'yaml: unmarshal errors' }),
      step: step('success'),
    });
    expect(stageError.state().matches('error')).toBe(true);
    expect(stageError.calls).toEqual([]);
  });

  it('is in error when the log fetch fails, with the server message', async () => {
    const { state, answer } = startConsole({ step: step('success') });
    await answer(new ApiError(500, 'database is locked'));
    expect(state().matches('error')).toBe(true);
    expect(state().context.fetchError).toBe('database is locked');
  });

  it('asks for the log again on retry after a failed call, and only then', async () => {
    const { actor, state, calls, answer } = startConsole({ step: step('success') });
    await answer(new ApiError(500, 'database is locked'));
    actor.send({ type: 'log.retry' });
    expect(state().matches({ loading: 'fetching' })).toBe(true);
    expect(state().context.fetchError).toBeNull();
    expect(calls).toHaveLength(2);
    await answer(range(0, 2));
    expect(state().matches('resolved')).toBe(true);
    // A step's own error is no failed call: nothing to retry.
    const stepError = startConsole({ step: step('error') });
    stepError.actor.send({ type: 'log.retry' });
    expect(stepError.state().matches('error')).toBe(true);
    expect(stepError.calls).toEqual([]);
  });

  it('is in error when the log body is not a list of lines', async () => {
    const { state, answer } = startConsole({ step: step('success') });
    await answer('@generated:bench:1000:1' as unknown as Line[]);
    expect(state().matches('error')).toBe(true);
    expect(state().context.fetchError).toBe('Unexpected log data: @generated:bench:1000:1');
  });

  it('shows no logs for a declined build, and for a skipped stage of an error or killed build', () => {
    const declined = startConsole({
      build: build('declined'),
      stage: stage('blocked'),
      step: step('pending'),
    });
    expect(declined.state().matches('no_logs_available')).toBe(true);
    for (const status of ['error', 'killed'] as const) {
      const skipped = startConsole({
        build: build(status),
        stage: stage('skipped'),
        step: step('pending'),
      });
      expect(skipped.state().matches('no_logs_available')).toBe(true);
    }
  });

  it('fills the gap with the stored log once a streamed step finishes', async () => {
    const { actor, state, stream, calls, answer, positions } = startConsole({
      step: step('running'),
    });
    // Connected late: the stream replayed only its last lines.
    stream()!.send({ type: 'test.lines', lines: range(5, 8) });
    stream()!.send({ type: 'test.eof' });
    expect(state().matches('stream_on')).toBe(true);
    actor.send({
      type: 'console.update',
      build: build('success'),
      stage: stage('success'),
      step: step('success'),
    });
    expect(state().matches({ loading: 'fetching' })).toBe(true);
    expect(calls).toHaveLength(1);
    await answer(range(0, 9));
    expect(positions()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(state().matches('resolved')).toBe(true);
  });

  it('closes the stream when the step finishes before its eof', () => {
    const { actor, state, stream } = startConsole({ step: step('running') });
    expect(stream()).toBeDefined();
    actor.send({ type: 'console.update', build: build(), stage: stage(), step: step('failure') });
    expect(state().matches({ loading: 'fetching' })).toBe(true);
    expect(stream()).toBeUndefined();
  });

  it('resets for a different step: new lines, new fetch', async () => {
    const { actor, state, calls, answer } = startConsole({ step: step('success') });
    await answer(range(0, 4));
    actor.send({ type: 'log.showAll' });
    actor.send({
      type: 'console.update',
      build: build('success'),
      stage: stage('success'),
      step: step('success', { id: 302, number: 3 }),
    });
    expect(state().context.lines.length).toBe(0);
    expect(state().context.showAll).toBe(false);
    expect(state().matches({ loading: 'fetching' })).toBe(true);
    expect(calls.at(-1)?.step).toBe(3);
  });

  it('follows a running step by default, and records show-all and the follow toggle', () => {
    const { actor, state } = startConsole({ step: step('running') });
    expect(state().context.follow).toBe(true);
    actor.send({ type: 'log.showAll' });
    actor.send({ type: 'log.unfollow' });
    expect(state().context).toMatchObject({ showAll: true, follow: false });
    actor.send({ type: 'log.follow' });
    expect(state().context.follow).toBe(true);
  });

  /** A stand-in build page that records the steps following sends it to. */
  function pageRecorder() {
    const followed: number[] = [];
    const opened: string[] = [];
    const page = createActor(
      fromCallback<FollowStepEvent | OpenStepEvent>(({ receive }) => {
        receive((event) => {
          if (event.type === 'step.open') opened.push(`${event.stage}.${event.step}`);
          else followed.push(event.stage === 1 ? event.step : event.stage * 100 + event.step);
        });
      }),
    ).start();
    return { page, followed, opened };
  }

  it('takes the build page keys (issue 19 item 2): steps, follow, timestamps, top and bottom', () => {
    const first = step('success', { id: 301, number: 1 });
    const second = step('running', { id: 302, number: 2 });
    const { page, opened } = pageRecorder();
    const steps = stage('running', { steps: [first, second] });
    const { actor, state } = startConsole({
      step: second,
      stage: steps,
      build: { ...build(), stages: [steps] },
      page,
    });
    const press = (key: string) =>
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    press('k');
    press('ArrowDown');
    // The last step of the build has no next one.
    expect(opened).toEqual(['1.1']);
    press('f');
    expect(state().context.follow).toBe(false);
    press('f');
    expect(state().context.follow).toBe(true);
    const viewer = () => state().children.viewer!.getSnapshot().context;
    const timestamps = viewer().prefs.timestamps;
    press('t');
    expect(viewer().prefs.timestamps).not.toBe(timestamps);
    press('g');
    press('g');
    expect(viewer().scroll).toMatchObject({ edge: 'top' });
    // Going to the top stops following, as scrolling up does; G follows again.
    expect(state().context.follow).toBe(false);
    press('G');
    expect(viewer().scroll).toMatchObject({ edge: 'bottom' });
    expect(state().context.follow).toBe(true);
    actor.stop();
  });

  it('takes no key while the user types or holds a modifier', () => {
    const { page, opened } = pageRecorder();
    const steps = stage('running', {
      steps: [step('success', { id: 300, number: 1 }), step('running')],
    });
    const { actor, state } = startConsole({
      step: step('running'),
      stage: steps,
      build: { ...build(), stages: [steps] },
      page,
    });
    const field = document.body.appendChild(document.createElement('input'));
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', bubbles: true }));
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'f', ctrlKey: true, bubbles: true }),
    );
    expect(opened).toEqual([]);
    expect(state().context.follow).toBe(true);
    field.remove();
    actor.stop();
  });

  it('moves on to the next running step of the stage when the followed step finishes', () => {
    const test = step('running');
    const next = step('pending', { id: 302, number: 3, name: 'build' });
    const withSteps = (...steps: Step[]) => stage('running', { steps });
    const { page, followed } = pageRecorder();
    const { actor, state } = startConsole({ step: test, stage: withSteps(test, next), page });
    const done = step('success');
    // The followed step ends before the next one starts: wait for it.
    actor.send({
      type: 'console.update',
      build: build(),
      stage: withSteps(done, next),
      step: done,
    });
    expect(followed).toEqual([]);
    expect(state().context.followNext).toBe(true);
    const started = { ...next, status: 'running' as const };
    const update = (shown: Step) =>
      ({
        type: 'console.update',
        build: build(),
        stage: withSteps(done, started),
        step: shown,
      }) as const;
    actor.send(update(done));
    // Once: further updates before the page has moved ask nothing more.
    actor.send(update(done));
    expect(followed).toEqual([3]);
    // The page navigates there: the console switches steps and follows it.
    actor.send(update(started));
    expect(state().matches('stream_on')).toBe(true);
    expect(state().context.follow).toBe(true);
    expect(state().context.page).toBe(page);
  });

  it('does not move on when following was turned off, until it is turned on again', () => {
    const test = step('running');
    const next = step('running', { id: 302, number: 3 });
    const { page, followed } = pageRecorder();
    const { actor } = startConsole({
      step: test,
      stage: stage('running', { steps: [test, next] }),
      page,
    });
    actor.send({ type: 'log.unfollow' });
    const done = step('success');
    const update = {
      type: 'console.update',
      build: build(),
      stage: stage('running', { steps: [done, next] }),
      step: done,
    } as const;
    actor.send(update);
    expect(followed).toEqual([]);
    actor.send({ type: 'log.follow' });
    actor.send(update);
    expect(followed).toEqual([3]);
  });

  it('shows all lines when the viewer must show a line before the last 250 (a permalink, a match)', async () => {
    const { actor, state, answer } = startConsole({ step: step('success') });
    await answer(range(0, 300));
    expect(state().context.showAll).toBe(false);
    actor.send({ type: 'log.showLine', line: 10 });
    expect(state().context.showAll).toBe(true);
  });

  it('goes on into the next stage that runs once its own stage is done (issue 29 item 2)', () => {
    const last = step('running', { id: 301, number: 2 });
    const first = stage('running', { number: 1, steps: [last] });
    const next = (status: Status) =>
      stage(status, {
        number: 2,
        id: 20,
        steps: [step(status, { id: 401, number: 1, name: 'deploy' })],
      });
    const withStages = (...stages: Stage[]) => ({ ...build(), stages });
    const { page, followed } = pageRecorder();
    const { actor, state } = startConsole({
      step: last,
      stage: first,
      build: withStages(first, next('pending')),
      page,
    });
    const done = step('success', { id: 301, number: 2 });
    const doneStage = stage('success', { number: 1, steps: [done] });
    // The stage is done, the next one has not started: wait with the follow toggle on.
    actor.send({
      type: 'console.update',
      build: withStages(doneStage, next('pending')),
      stage: doneStage,
      step: done,
    });
    expect(followed).toEqual([]);
    expect(state().context.followNext).toBe(true);
    actor.send({
      type: 'console.update',
      build: withStages(doneStage, next('running')),
      stage: doneStage,
      step: done,
    });
    expect(followed).toEqual([201]);
  });

  it('keeps a killed step without logs where it is, except right after reading its log', async () => {
    const { actor, state, answer } = startConsole({ step: step('running') });
    actor.send({ type: 'console.update', build: build(), stage: stage(), step: step('killed') });
    expect(state().matches({ loading: 'fetching' })).toBe(true);
    await answer([]);
    expect(state().matches('no_logs_available')).toBe(true);
  });

  it('stays idle for a status docs/spec.md 4.4 has no rule for, and gives the stage error precedence', () => {
    expect(
      startConsole({ step: step('blocked') })
        .state()
        .matches('idle'),
    ).toBe(true);
    const stageError = startConsole({ stage: stage('error'), step: step('running') });
    expect(stageError.state().matches('error')).toBe(true);
  });

  it('opens a failed step it landed on at the first error line, in the URL (issue 30 item 1)', async () => {
    window.history.replaceState(null, '', '/octocat/hello/7/1/2');
    const { state, answer } = startConsole({ step: step('failure'), landOnError: true });
    const lines = range(0, 300).map((line) =>
      line.pos === 20 ? { ...line, out: '--- FAIL: TestCreate (0.00s)\n' } : line,
    );
    await answer(lines);
    // The patterns load on demand.
    await vi.dynamicImportSettled();
    await vi.runAllTimersAsync();
    const viewer = state().children.viewer!.getSnapshot().context;
    expect(viewer.selection).toEqual({ start: 21, end: 21 });
    expect(viewer.scroll).toMatchObject({ line: 20 });
    expect(window.location.hash).toBe('#L21');
    // Line 21 is before the last 250: every line is shown.
    expect(state().context.showAll).toBe(true);
  });

  it('shows a failed step it landed on where it would, should its error patterns fail to load', async () => {
    window.history.replaceState(null, '', '/octocat/hello/7/1/2');
    const { state, answer } = startConsole(
      { step: step('failure'), landOnError: true },
      { findFirstError: fromPromise(() => Promise.reject(new Error('Failed to fetch'))) },
    );
    await answer(range(0, 20));
    expect(state().matches('resolved')).toBe(true);
    expect(state().context.landOnError).toBe(false);
    expect(state().children.viewer!.getSnapshot().context.selection).toBeNull();
  });

  it('stops holding the rows of a long failed log it landed on when its first error is slow to find, and goes to it once found', async () => {
    window.history.replaceState(null, '', '/octocat/hello/7/1/2');
    let found = (_: number) => {};
    const { state, answer } = startConsole(
      { step: step('failure'), landOnError: true },
      { findFirstError: fromPromise(() => new Promise<number>((resolve) => (found = resolve))) },
    );
    // A long log read, and FIRST_ERROR_WAIT_MS gone by (the helper runs the timers).
    await answer(range(0, 100_001));
    expect(state().context.landOnError).toBe(false);
    const viewer = () => state().children.viewer!.getSnapshot().context;
    expect(viewer().selection).toBeNull();
    found(9);
    await vi.runAllTimersAsync();
    expect(viewer().selection).toEqual({ start: 10, end: 10 });
  });

  it('leaves a permalink the URL already has, and lands nowhere on a log without errors', async () => {
    window.history.replaceState(null, '', '/octocat/hello/7/1/2#L5');
    const withHash = startConsole({ step: step('failure'), landOnError: true });
    await withHash.answer(
      range(0, 20).map((line) => (line.pos === 9 ? { ...line, out: 'Error: boom\n' } : line)),
    );
    expect(withHash.state().children.viewer!.getSnapshot().context.selection).toEqual({
      start: 5,
      end: 5,
    });
    window.history.replaceState(null, '', '/octocat/hello/7/1/2');
    const clean = startConsole({ step: step('failure'), landOnError: true });
    await clean.answer(range(0, 20));
    expect(clean.state().children.viewer!.getSnapshot().context.selection).toBeNull();
    expect(window.location.hash).toBe('');
  });

  describe('a long stored log read in a worker (issue 32)', () => {
    it('shows its last lines while the rest is read, then the whole log in their place', async () => {
      const { state, tail, answer, positions } = startConsole({ step: step('success') });
      tail(range(9_000, 10_000));
      expect(state().matches({ loading: 'fetching' })).toBe(true);
      expect(state().context.tailShown).toBe(true);
      expect(positions().slice(0, 2)).toEqual([9_000, 9_001]);
      await answer(range(0, 10_000));
      expect(state().matches('resolved')).toBe(true);
      expect(state().context.tailShown).toBe(false);
      expect(state().context.lines.length).toBe(10_000);
      expect(positions().slice(0, 2)).toEqual([0, 1]);
    });

    it('shows none of them once the log failed to load', async () => {
      const { state, tail, answer } = startConsole({ step: step('success') });
      tail(range(9_000, 10_000));
      await answer(new ApiError(500, 'boom'));
      expect(state().matches('error')).toBe(true);
      expect(state().context.tailShown).toBe(false);
      expect(state().context.lines.length).toBe(0);
    });

    it.each([
      ['the page lands on the first error line', { landOnError: true }, 1_000, false],
      ['they are no more than the window of the last lines', {}, 250, true],
    ])('waits for the whole log where %s', (_, input, count, asked) => {
      const { state, tail, calls } = startConsole({ step: step('failure'), ...input });
      expect(calls[0]!.tailFirst).toBe(asked);
      tail(range(10_000 - count, 10_000));
      expect(state().context.tailShown).toBe(false);
      expect(state().context.lines.length).toBe(0);
    });

    it('waits for the whole log where the address names a line', () => {
      window.location.hash = '#L12';
      try {
        const { state, tail, calls } = startConsole({ step: step('success') });
        // Its parsing is not put off for lines nobody will show first.
        expect(calls[0]!.tailFirst).toBe(false);
        tail(range(9_000, 10_000));
        expect(state().context.tailShown).toBe(false);
      } finally {
        window.location.hash = '';
      }
    });
  });
});
