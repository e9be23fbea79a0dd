import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { ApiError } from '../../api/client';
import type { RepoRef } from '../../api/repos';
import type { Repository } from '../../api/types';
import { makeBuild, makeRepo } from '../../../tests/factories';
import { createSettler, leftOutOfChart, modelOf, pathName, replayed } from '../../../tests/model';
import { modelSteps } from '../../../tests/drivers/modelSteps';
import { neverAnswering, renderWithMachines } from '../../../tests/renderMachine';
import { AppRoutes } from '../../routes';
import { buildsMachine } from './builds.machine';
import { repoSettingsMachine } from '../settings/repoSettings.machine';
import {
  mergeRepo,
  repoMachine,
  selectIsNotFound,
  selectLoadError,
  selectRepo,
} from './repo.machine';

const ref = { namespace: 'octocat', name: 'hello-world' };
const withPerms = makeRepo({ permissions: { read: true, write: true, admin: false }, counter: 5 });

function start(lookup: () => Promise<Repository>) {
  const listeners = new Set<(event: AnyEventObject) => void>();
  let lookups = 0;
  const machine = repoMachine.provide({
    actors: {
      fetchRepository: fromPromise<Repository, RepoRef>(() => {
        lookups += 1;
        return lookup();
      }),
      followRepoEvents: fromCallback(({ sendBack }) => {
        listeners.add(sendBack);
        return () => listeners.delete(sendBack);
      }),
    },
  });
  const actor = createActor(machine, { input: { ref } }).start();
  return {
    actor,
    emit: (event: AnyEventObject) => listeners.forEach((listener) => listener(event)),
    lookups: () => lookups,
  };
}

describe('repo machine', () => {
  it('loads the repository and follows its live events, keeping the permissions', async () => {
    const { actor, emit } = start(async () => withPerms);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(selectRepo(actor.getSnapshot())?.counter).toBe(5);
    const build = makeBuild({ number: 6, status: 'running' });
    emit({ type: 'repo.updated', repo: makeRepo({ counter: 6, build }) });
    emit({
      type: 'repo.updated',
      repo: makeRepo({ name: 'other', slug: 'octocat/other', counter: 99 }),
    });
    const repo = selectRepo(actor.getSnapshot());
    expect(repo?.counter).toBe(6);
    expect(repo?.build?.number).toBe(6);
    expect(repo?.permissions?.write).toBe(true);
  });

  it('takes the repository the settings screen changed, with the permissions it had', async () => {
    const { actor } = start(async () => withPerms);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'repo.changed', repo: makeRepo({ active: false }) });
    expect(selectRepo(actor.getSnapshot())).toMatchObject({
      active: false,
      permissions: { write: true },
    });
  });

  it.each(['Not Found', 'Unauthorized'])("shows the not-found page on '%s'", async (message) => {
    const { actor } = start(async () => {
      throw new ApiError(message === 'Unauthorized' ? 401 : 404, message);
    });
    await waitFor(actor, (snapshot) => selectIsNotFound(snapshot));
  });

  it('reports other failures and loads again on request', async () => {
    let fail = true;
    const { actor, lookups } = start(async () => {
      if (fail) throw new ApiError(500, 'boom');
      return withPerms;
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(selectLoadError(actor.getSnapshot())).toBe('boom');
    fail = false;
    actor.send({ type: 'repo.reload' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(lookups()).toBe(2);
  });

  it('looks the repository up again after the stream reconnects', async () => {
    const { actor, emit, lookups } = start(async () => withPerms);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    emit({ type: 'stream.reconnected' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && lookups() === 2);
    // Nothing disappeared meanwhile.
    expect(selectRepo(actor.getSnapshot())).not.toBeNull();
  });

  it('merges without losing permissions or the latest build', () => {
    const previous = makeRepo({
      permissions: { read: true, write: false, admin: false },
      build: makeBuild(),
    });
    expect(mergeRepo(previous, makeRepo({ counter: 2 }))).toMatchObject({
      counter: 2,
      permissions: { write: false },
      build: { number: 1 },
    });
  });
});

describe('repo machine, model-based', () => {
  const found = makeRepo({ permissions: { read: true, write: true, admin: false } });
  const model = modelOf(
    repoMachine,
    [
      { type: 'xstate.done.actor.fetchRepository', output: found },
      { type: 'xstate.error.actor.fetchRepository', error: new ApiError(404, 'Not Found') },
      { type: 'xstate.error.actor.fetchRepository', error: new ApiError(401, 'Unauthorized') },
      { type: 'xstate.error.actor.fetchRepository', error: new ApiError(500, 'boom') },
      { type: 'repo.reload' },
      { type: 'repo.changed', repo: makeRepo({ active: false }) },
      { type: 'repo.updated', repo: makeRepo({ counter: 9 }) },
      { type: 'stream.reconnected' },
    ],
    { input: { ref }, keyBy: 'value' },
  );

  const paths = model.getShortestPaths();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(repoMachine, { paths, input: { ref } })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const calls = createSettler();
      const machine = repoMachine.provide({
        actors: {
          fetchRepository: fromPromise<Repository, RepoRef>(() => calls.call<Repository>()),
          followRepoEvents: fromCallback(() => () => undefined),
        },
        actions: { notifyError: () => undefined },
      });
      // The repository page (docs/spec.md 2.5) at its route; its tabs' machines never answer.
      const view = renderWithMachines(<AppRoutes />, {
        machines: [
          [repoMachine, machine],
          [buildsMachine, neverAnswering(buildsMachine)],
          [repoSettingsMachine, neverAnswering(repoSettingsMachine)],
        ],
        path: '/octocat/hello-world',
      });
      const actor = view.actorOf(repoMachine);
      const { send, answers, clickOrSend } = modelSteps(actor, calls);
      await path.test({
        states: {
          loading: () => {
            expect(actor.getSnapshot().value).toBe('loading');
            if (!selectRepo(actor.getSnapshot())) {
              expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading...');
            }
          },
          ready: () => {
            const shown = selectRepo(actor.getSnapshot());
            expect(shown).not.toBeNull();
            expect(screen.getByRole('heading', { level: 1, name: shown!.name })).toBeVisible();
            // docs/spec.md 2.5: an inactive repository opens on its settings.
            if (!shown!.active) expect(view.location.history.at(-1)).toMatch(/\/settings$/);
          },
          notFound: () => {
            expect(selectIsNotFound(actor.getSnapshot())).toBe(true);
            expect(
              screen.getByRole('heading', {
                name: 'We are sorry, the resource you requested cannot be found.',
              }),
            ).toBeInTheDocument();
          },
          failed: () => {
            expect(actor.getSnapshot().value).toBe('failed');
            // docs/spec.md 8: the failed call's message, unless a repository is known by now.
            const error = selectLoadError(actor.getSnapshot());
            if (error) expect(screen.getByRole('alert')).toHaveTextContent(error);
            else expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
          },
        },
        events: {
          ...answers('fetchRepository'),
          'repo.reload': clickOrSend(() => screen.queryByRole('button', { name: 'Retry' })),
          'repo.changed': send,
          'repo.updated': send,
          'stream.reconnected': send,
        },
      });
      const expected = replayed(repoMachine, { ref }, path.steps);
      expect(actor.getSnapshot().value).toEqual(expected.value);
      expect(actor.getSnapshot().context).toEqual(expected.context);
    });
  }
});
