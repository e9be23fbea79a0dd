import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../api/client';
import type { StepRef } from '../../api/logs';
import { LogLines } from '../../logs';
import { makeBuild, makeStage, makeStep, repoRef } from '../../../tests/factories';
import { said } from '../../../tests/said';
import { waitUntil } from '../../../tests/wait';
import { createReadFailedLogs, failureSummaryMachine } from './failureSummary.machine';
import { exitHintOf } from './failureSummary';

const log = (texts: string[], firstPos = 0) =>
  LogLines.from(texts.map((text, k) => ({ pos: firstPos + k, out: `${text}\n`, time: 0 })));

const redBuild = makeBuild({
  number: 7,
  status: 'failure',
  stages: [
    makeStage(1, 'failure', {
      steps: [
        makeStep(1, 'success'),
        makeStep(2, 'failure', { name: 'test', exit_code: 2 }),
        // failure: ignore: not why the build failed.
        makeStep(3, 'failure', { name: 'audit', exit_code: 1, errignore: true }),
      ],
    }),
    makeStage(2, 'error', {
      error: 'pull access denied',
      steps: [makeStep(1, 'error', { name: 'docker', error: 'pull access denied' })],
    }),
    makeStage(3, 'failure', { steps: [makeStep(1, 'failure', { name: 'lint', exit_code: 137 })] }),
  ],
});

function start(logs: Record<string, LogLines | Error>, build = redBuild) {
  const asked: string[] = [];
  const load = (ref: StepRef) => {
    const key = `${ref.stage}/${ref.step}`;
    asked.push(key);
    const answer = logs[key];
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer ?? log([]));
  };
  const actor = createActor(
    failureSummaryMachine.provide({ actors: { readFailedLogs: createReadFailedLogs(load) } }),
    { input: { repo: repoRef, build } },
  );
  actor.start();
  return { actor, asked };
}

describe('failure summary machine', () => {
  it("reads the failed steps' logs, up to three error lines each, errors annotated first", async () => {
    const { actor, asked } = start({
      '1/2': log(
        [
          '+ go test ./...',
          'Error: first plain error',
          'Error: second plain error',
          '--- FAIL: TestOrders (0.01s)',
          'panic: boom',
          'Error: third plain error',
        ],
        5000,
      ),
      '3/1': new ApiError(500, 'log store down'),
    });
    await waitUntil(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(asked.sort()).toEqual(['1/2', '3/1']);
    const [test, docker, lint] = actor.getSnapshot().context.steps;
    expect(actor.getSnapshot().context.steps).toHaveLength(3);
    expect(test!.digest).toEqual({
      dropped: 5000,
      errorLines: [
        { index: 1, number: 5002, text: 'Error: first plain error' },
        { index: 3, number: 5004, text: '--- FAIL: TestOrders (0.01s)' },
        { index: 4, number: 5005, text: 'panic: boom' },
      ],
    });
    // An errored step has no stored log: its own error says why.
    expect(docker).toMatchObject({ step: { name: 'docker', error: 'pull access denied' } });
    expect(docker!.digest).toBeUndefined();
    expect(said(lint!.failure)).toBe('log store down');
  });

  it('shows a workflow command line by its message', async () => {
    const build = makeBuild({
      status: 'failure',
      stages: [makeStage(1, 'failure', { steps: [makeStep(1, 'failure', { exit_code: 1 })] })],
    });
    const { actor } = start({ '1/1': log(['::error file=a.ts,line=3::Type check failed']) }, build);
    await waitUntil(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(actor.getSnapshot().context.steps[0]!.digest!.errorLines[0]!.text).toBe(
      'Type check failed',
    );
  });

  it('stays out of a green or running build, and starts over when a build goes red', async () => {
    const running = makeBuild({ number: 7, status: 'running', stages: [] });
    const { actor } = start({}, running);
    expect(actor.getSnapshot().value).toBe('green');
    actor.send({ type: 'summary.build', build: redBuild });
    await waitUntil(() => expect(actor.getSnapshot().value).toBe('ready'));
    actor.send({ type: 'summary.build', build: { ...redBuild, status: 'running' } });
    expect(actor.getSnapshot().value).toBe('green');
  });

  it('hints at well-known exit codes only', () => {
    expect([137, 143, 127, 126, 78, 1, 2].map(exitHintOf)).toEqual([
      137,
      143,
      127,
      126,
      78,
      undefined,
      undefined,
    ]);
  });
});
