import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import type { Build } from '../../api/types';
import { makeBuild } from '../../../tests/factories';
import { saidBy } from '../../../tests/said';
import { notify } from '../shell/toasts.machine';
import { cronRunMachine, selectRunningCron } from './cronRun.machine';

function start(runCron: () => Promise<Build | null>) {
  const actor = createActor(cronRunMachine.provide({ actors: { runCron: fromPromise(runCron) } }), {
    input: { repo: { namespace: 'acme', name: 'api' } },
  }).start();
  return actor;
}

describe('cronRun machine', () => {
  it('runs one job at a time and names the build it started', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    let finish: (build: Build) => void = () => undefined;
    const runCron = vi.fn(() => new Promise<Build>((resolve) => (finish = resolve)));
    const actor = start(runCron);
    actor.send({ type: 'cron.run', name: 'nightly' });
    actor.send({ type: 'cron.run', name: 'weekly' });
    expect(selectRunningCron(actor.getSnapshot())).toBe('nightly');
    finish(makeBuild({ number: 42, event: 'cron' }));
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(runCron).toHaveBeenCalledTimes(1);
    expect(saidBy(success)).toEqual(['nightly started build #42.']);
    success.mockRestore();
  });

  it('says so when no pipeline ran, and reports a failure', async () => {
    const warning = vi.spyOn(notify, 'warning').mockImplementation(() => undefined);
    const error = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const nothing = start(async () => null);
    nothing.send({ type: 'cron.run', name: 'nightly' });
    await waitFor(nothing, (snapshot) => snapshot.matches('idle'));
    expect(saidBy(warning)).toEqual(['nightly ran, but no pipeline matched its branch.']);
    const failing = start(async () => {
      throw new ApiError(404, 'sql: no rows in result set');
    });
    failing.send({ type: 'cron.run', name: 'gone' });
    await waitFor(failing, (snapshot) => snapshot.matches('idle'));
    expect(saidBy(error)[0]).toContain('sql: no rows in result set');
    warning.mockRestore();
    error.mockRestore();
  });
});
