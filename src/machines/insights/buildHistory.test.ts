import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { ApiError } from '../../api/client';
import type { Build } from '../../api/types';
import { makeBuild, makeRepo, makeStage, makeStep, repoRef } from '../../../tests/factories';
import { buildHistoryMachine } from './buildHistory.machine';
import type { History, HistoryQuery } from './history';
import { stepKey } from './stats';

const query: HistoryQuery = { ref: repoRef, filter: { branch: 'main' }, count: 50 };
const detailed = (number: number, fields: Partial<Build> = {}) =>
  makeBuild({
    number,
    stages: [
      makeStage(1, 'success', {
        name: 'test',
        steps: [makeStep(1, 'success', { name: 'unit', started: 10, stopped: 70 })],
      }),
    ],
    ...fields,
  });

function start(load: (query: HistoryQuery) => Promise<History>) {
  const listeners = new Set<(event: AnyEventObject) => void>();
  const loads: HistoryQuery[] = [];
  const fetched: number[] = [];
  const machine = buildHistoryMachine.provide({
    actors: {
      loadHistory: fromPromise<History, HistoryQuery>(({ input }) => {
        loads.push(input);
        return load(input);
      }),
      fetchFinishedBuild: fromPromise<Build | null, { query: HistoryQuery; number: number }>(
        async ({ input }) => {
          fetched.push(input.number);
          // What the real actor answers for a build it could not read.
          if (input.number === 5) return null;
          return detailed(input.number);
        },
      ),
      followRepoEvents: fromCallback(({ sendBack }) => {
        listeners.add(sendBack);
        return () => listeners.delete(sendBack);
      }),
    },
  });
  const actor = createActor(machine).start();
  const emit = (event: AnyEventObject) => listeners.forEach((listener) => listener(event));
  return { actor, emit, loads, fetched };
}

const history = (builds: Build[]): History => ({ builds, listed: builds, requests: 1 });

describe('build history machine', () => {
  it('loads a query once, and again only for another query', async () => {
    const { actor, loads } = start(async () => history([detailed(2), detailed(1)]));
    actor.send({ type: 'history.query', query });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.runs.get(stepKey('test', 'unit'))).toHaveLength(2);
    actor.send({ type: 'history.query', query: { ...query, ref: { ...repoRef } } });
    expect(loads).toHaveLength(1);
    actor.send({ type: 'history.query', query: { ...query, count: 100 } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loads.map((q) => q.count)).toEqual([50, 100]);
  });

  it('adds a build of the query when it finishes, and ignores running and other builds', async () => {
    const { actor, emit, fetched } = start(async () => history([detailed(1)]));
    actor.send({ type: 'history.query', query });
    await waitFor(actor, (s) => s.matches('ready'));
    const repo = makeRepo({ namespace: repoRef.namespace, name: repoRef.name });
    emit({
      type: 'repo.updated',
      repo: { ...repo, build: makeBuild({ number: 2, status: 'running' }) },
    });
    emit({
      type: 'repo.updated',
      repo: { ...repo, build: makeBuild({ number: 3, target: 'dev', source: 'dev' }) },
    });
    emit({
      type: 'repo.updated',
      repo: { ...repo, name: 'other', build: makeBuild({ number: 4 }) },
    });
    emit({ type: 'repo.updated', repo: { ...repo, build: makeBuild({ number: 2 }) } });
    // One that cannot be read is left out, and the history goes on.
    emit({ type: 'repo.updated', repo: { ...repo, build: makeBuild({ number: 5 }) } });
    await waitFor(actor, (s) => s.context.builds.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().status).toBe('active');
    expect(fetched).toEqual([2, 5]);
    expect(actor.getSnapshot().context.builds.map((b) => b.number)).toEqual([2, 1]);
  });

  it('reloads after the event stream reconnects', async () => {
    const { actor, emit, loads } = start(async () => history([]));
    actor.send({ type: 'history.query', query });
    await waitFor(actor, (s) => s.matches('ready'));
    emit({ type: 'stream.reconnected' });
    await waitFor(actor, (s) => s.matches('ready') && loads.length === 2);
  });

  it('shows a failure and tries again on retry', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new ApiError(500, 'database is locked');
      return history([]);
    });
    actor.send({ type: 'history.query', query });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('database is locked');
    fail = false;
    actor.send({ type: 'history.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
  });
});
