import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { ApiError } from '../../api/client';
import type { RepoRef } from '../../api/repos';
import type { Build } from '../../api/types';
import { makeBuild, makeRepo } from '../../../tests/factories';
import { createSettler, leftOutOfChart, modelOf, pathName, replayed } from '../../../tests/model';
import { modelSteps } from '../../../tests/drivers/modelSteps';
import { failedOrNotFound } from '../../../tests/drivers/tabStates';
import { renderWithMachines } from '../../../tests/renderMachine';
import { BuildIndexTab } from '../../views/repo/BuildIndexTab';
import {
  buildIndexMachine,
  selectIndexBuilds,
  selectIndexError,
  selectIndexIsLoading,
  selectIndexIsNotFound,
  selectConfirmingRemoval,
  type BuildIndexKind,
} from './buildIndex.machine';

const repo = { namespace: 'octocat', name: 'hello-world' };

function start(kind: BuildIndexKind, answer: (kind: BuildIndexKind) => Promise<Build[]>) {
  const listeners = new Set<(event: AnyEventObject) => void>();
  const machine = buildIndexMachine.provide({
    actors: {
      fetchIndex: fromPromise<Build[], { repo: RepoRef; kind: BuildIndexKind }>(({ input }) =>
        answer(input.kind),
      ),
      followRepoEvents: fromCallback(({ sendBack }) => {
        listeners.add(sendBack);
        return () => listeners.delete(sendBack);
      }),
    },
  });
  const actor = createActor(machine, { input: { repo, kind } }).start();
  return { actor, emit: (event: AnyEventObject) => listeners.forEach((listen) => listen(event)) };
}

describe('buildIndex machine', () => {
  it('lists branches newest first and keeps them current from live events', async () => {
    const { actor, emit } = start('branches', async () => [
      makeBuild({ number: 2, target: 'dev' }),
      makeBuild({ number: 5, target: 'main' }),
    ]);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(selectIndexBuilds(actor.getSnapshot()).map((build) => build.target)).toEqual([
      'main',
      'dev',
    ]);
    emit({
      type: 'repo.updated',
      repo: makeRepo({ build: makeBuild({ number: 6, target: 'dev', status: 'running' }) }),
    });
    expect(selectIndexBuilds(actor.getSnapshot()).map((build) => build.number)).toEqual([5, 6]);
  });

  it('asks for the list of its kind', async () => {
    const asked: BuildIndexKind[] = [];
    const { actor } = start('deployments', async (kind) => {
      asked.push(kind);
      return [];
    });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(asked).toEqual(['deployments']);
  });

  it('fails with the message and retries; Not Found is its own state', async () => {
    let fail = true;
    const { actor } = start('branches', async () => {
      if (fail) throw new ApiError(500, 'boom');
      return [];
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(selectIndexError(actor.getSnapshot())).toBe('boom');
    fail = false;
    actor.send({ type: 'index.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));

    const missing = start('branches', async () => {
      throw new ApiError(404, 'Not Found');
    });
    await waitFor(missing.actor, (snapshot) => selectIndexIsNotFound(snapshot));
  });
});

describe('buildIndex machine, model-based', () => {
  const input = { repo, kind: 'branches' as const };
  const model = modelOf(
    buildIndexMachine,
    [
      { type: 'xstate.done.actor.fetchIndex', output: [makeBuild({ number: 3 })] },
      { type: 'xstate.error.actor.fetchIndex', error: new ApiError(404, 'Not Found') },
      { type: 'xstate.error.actor.fetchIndex', error: new ApiError(500, 'boom') },
      { type: 'index.retry' },
      { type: 'stream.reconnected' },
      { type: 'repo.updated', repo: makeRepo({ build: makeBuild({ number: 4, target: 'dev' }) }) },
      { type: 'entry.remove', branch: 'main' },
      { type: 'confirm.accept' },
      { type: 'confirm.cancel' },
      { type: 'xstate.done.actor.deleteBranchEntry' },
      { type: 'xstate.error.actor.deleteBranchEntry', error: new ApiError(500, 'locked') },
    ],
    { input: input, keyBy: 'value' },
  );

  const paths = model.getShortestPaths();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(buildIndexMachine, { paths, input })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const calls = createSettler();
      const machine = buildIndexMachine.provide({
        actors: {
          fetchIndex: fromPromise<Build[], { repo: RepoRef; kind: BuildIndexKind }>(() =>
            calls.call<Build[]>(),
          ),
          followRepoEvents: fromCallback(() => () => undefined),
          deleteBranchEntry: fromPromise<void, { repo: RepoRef; branch: string }>(() =>
            calls.call<void>(),
          ),
        },
        actions: {
          notifyError: () => undefined,
          notifyRemoved: () => undefined,
          notifyRemoveFailed: () => undefined,
        },
      });
      // The Branches tab (docs/spec.md 2.7) with this machine behind it, for a writer.
      const view = renderWithMachines(
        <BuildIndexTab repo={makeRepo(repo)} kind="branches" canWrite />,
        {
          machines: [[buildIndexMachine, machine]],
          path: '/octocat/hello-world/branches',
        },
      );
      const actor = view.actorOf(buildIndexMachine);
      const { send, answers, clickOrSend } = modelSteps(actor, calls);
      await path.test({
        states: {
          loading: () => {
            expect(actor.getSnapshot().value).toBe('loading');
            // A first load shows a spinner; a refetch keeps the table on screen.
            if (selectIndexIsLoading(actor.getSnapshot())) {
              expect(screen.getByRole('status')).toHaveTextContent('Loading...');
            } else expect(screen.getByRole('table', { name: 'Branches' })).toBeInTheDocument();
          },
          ready: () => {
            const builds = selectIndexBuilds(actor.getSnapshot());
            // Asking to remove a branch shows its confirmation.
            const confirming = selectConfirmingRemoval(actor.getSnapshot());
            if (confirming !== null) {
              expect(screen.getByRole('dialog')).toHaveTextContent(`Remove ${confirming}`);
            } else expect(screen.queryByRole('dialog')).toBeNull();
            if (builds.length === 0) return; // the one branch listed was removed
            const table = screen.getByRole('table', { name: 'Branches' });
            for (const build of builds) {
              expect(within(table).getByRole('link', { name: build.target })).toBeInTheDocument();
            }
          },
          ...failedOrNotFound({
            error: () => selectIndexError(actor.getSnapshot()),
            isNotFound: () => selectIndexIsNotFound(actor.getSnapshot()),
            history: () => view.location.history,
          }),
        },
        events: {
          ...answers('fetchIndex'),
          ...answers('deleteBranchEntry'),
          'index.retry': clickOrSend(() => screen.queryByRole('button', { name: 'Retry' })),
          'stream.reconnected': send,
          'repo.updated': send,
          'entry.remove': clickOrSend(() =>
            screen.queryByRole('button', { name: 'Remove branch main from the list' }),
          ),
          'confirm.accept': send,
          'confirm.cancel': send,
        },
      });
      const expected = replayed(buildIndexMachine, input, path.steps);
      expect(actor.getSnapshot().value).toEqual(expected.value);
      expect(actor.getSnapshot().context).toEqual(expected.context);
    });
  }
});
