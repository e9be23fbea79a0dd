import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { makeStage, makeStagedBuild, makeStep, repoRef } from '../../../tests/factories';
import { settle, setupFakeClock } from '../../../tests/fakeClock';
import { ApiError } from '../../api/client';
import type { StepRef } from '../../api/logs';
import type { Build, Line } from '../../api/types';
import { buildLogsMachine, createReadBuildLogs, downloadFailed } from './buildLogs.machine';
import { NO_STORED_LOG_MESSAGE } from '../console/stepLog';
import { notify } from '../shell/toasts.machine';

// The whole build's logs as one file: every step in order under its header, read one at a time.

setupFakeClock();

const lines = (...texts: string[]): Line[] =>
  texts.map((out, pos) => ({ pos, out: `${out}\n`, time: pos }));

/** Starts the machine with stored logs by "stage/step"; records the saved files. */
function start(logs: Record<string, Line[] | ApiError>) {
  const asked: string[] = [];
  const load = (ref: StepRef) => {
    const key = `${ref.stage}/${ref.step}`;
    asked.push(key);
    const log = logs[key];
    return log instanceof ApiError || !log ? Promise.reject(log) : Promise.resolve(log);
  };
  const saved: Array<{ text: string; build: number }> = [];
  const machine = buildLogsMachine.provide({
    actors: { readBuildLogs: createReadBuildLogs(load) },
  });
  const actor = createActor(machine, {
    input: {
      repo: repoRef,
      save: (parts, build) => saved.push({ text: parts.join(''), build: build.number }),
    },
  }).start();
  return { actor, asked, saved };
}

const finished: Build = makeStagedBuild(9, 'failure', {
  stages: [
    makeStage(1, 'success', {
      name: 'build',
      steps: [
        makeStep(1, 'success', { name: 'clone', started: 1 }),
        makeStep(2, 'success', { name: 'slack', started: 2 }),
      ],
    }),
    makeStage(2, 'failure', {
      name: 'test',
      steps: [
        makeStep(1, 'failure', { name: 'unit', started: 3, exit_code: 2 }),
        makeStep(2, 'skipped', { name: 'deploy' }),
      ],
    }),
  ],
});

describe('buildLogs machine', () => {
  it("saves every step's raw log in order, under a header, asking only for steps that ran", async () => {
    const { actor, asked, saved } = start({
      '1/1': lines('+ git fetch', '\u001b[32mok\u001b[0m'),
      '1/2': new ApiError(404, NO_STORED_LOG_MESSAGE),
      '2/1': lines('FAIL app.test.ts'),
    });
    actor.send({ type: 'logs.download', build: finished });
    expect(actor.getSnapshot().matches('reading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(asked).toEqual(['1/1', '1/2', '2/1']);
    expect(saved).toEqual([
      {
        build: 9,
        text: [
          '===== build / clone (stage 1, step 1): success, exit code 0 =====',
          '+ git fetch',
          '\u001b[32mok\u001b[0m',
          '',
          '===== build / slack (stage 1, step 2): success, exit code 0 =====',
          '',
          '===== test / unit (stage 2, step 1): failure, exit code 2 =====',
          'FAIL app.test.ts',
          '',
          '===== test / deploy (stage 2, step 2): skipped =====',
          '',
        ].join('\n'),
      },
    ]);
  });

  it('waits for the build to finish: its logs are not all stored before', () => {
    const { actor, asked } = start({});
    actor.send({ type: 'logs.download', build: makeStagedBuild(9, 'running') });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(asked).toEqual([]);
  });

  it('saves nothing and says why when a log call fails', async () => {
    const { actor, saved } = start({ '1/1': new ApiError(500, 'database is locked') });
    actor.send({ type: 'logs.download', build: finished });
    await settle();
    expect(saved).toEqual([]);
    expect(notify.error).toHaveBeenCalledWith(downloadFailed('database is locked'));
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});
