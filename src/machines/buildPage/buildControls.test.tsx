import { saidBy } from '../../../tests/said';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { Route } from 'wouter';
import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { BuildControls } from '../../views/buildPage/BuildControls';
import { ApiError } from '../../api/client';
import type { Build } from '../../api/types';
import { makeRepo, makeStagedBuild, repoRef } from '../../../tests/factories';
import {
  buildControlsMachine,
  selectDeployment,
  type BuildTarget,
  selectIsBusy,
  type BuildControlsEmitted,
} from './buildControls.machine';
import { deploymentMachine, type DeployInput } from './deployment.machine';
import { notify } from '../shell/toasts.machine';
import { settle, setupFakeClock } from '../../../tests/fakeClock';
import { setupMockServer } from '../../../tests/mockServer';

// The Actions menu's "Delete step log" asks whether the user may (the repository's permissions).
setupMockServer({
  handlers: [http.get('*/api/repos/octocat/hello-world', () => HttpResponse.json(makeRepo()))],
});

type Answer = Build | null | ApiError;
// Typed as the real calls' answers; the skipped-pipeline `null` goes through unchanged.
const answer = <T extends Build | null>(value: Answer) =>
  (value instanceof ApiError ? Promise.reject(value) : Promise.resolve(value)) as Promise<T>;

function startControls(answers: { cancel?: Answer; restart?: Answer; deploy?: Answer } = {}) {
  const navigate = vi.fn();
  // `null` is a real answer (a skipped pipeline), so only a missing key means the default.
  const pick = (key: keyof typeof answers, fallback: Build) =>
    (key in answers ? answers[key] : fallback) as Answer;
  const restarts: boolean[] = [];
  const machine = buildControlsMachine.provide({
    actors: {
      cancelBuild: fromPromise(() => answer<Build>(pick('cancel', makeStagedBuild(7, 'killed')))),
      restartBuild: fromPromise(({ input }) => {
        restarts.push((input as { debug: boolean }).debug);
        return answer<Build | null>(pick('restart', makeStagedBuild(9, 'pending')));
      }),
      deployment: deploymentMachine.provide({
        actors: {
          deployBuild: fromPromise(() =>
            answer<Build | null>(pick('deploy', makeStagedBuild(10, 'pending'))),
          ),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { repo: repoRef, build: 7, navigate } }).start();
  const emitted: BuildControlsEmitted[] = [];
  actor.on('build.cancelled', (event) => emitted.push(event));
  return { actor, navigate, restarts, emitted };
}

setupFakeClock();

describe('build controls: navigation (docs/spec.md 4.3)', () => {
  it('cancel goes to the build with the returned number and hands the build over', async () => {
    const { actor, navigate, emitted } = startControls();
    actor.send({ type: 'build.cancel' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    await settle();
    expect(navigate).toHaveBeenCalledWith('/octocat/hello-world/7');
    expect(emitted).toEqual([{ type: 'build.cancelled', build: makeStagedBuild(7, 'killed') }]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('restart goes to the new build, first stage and step', async () => {
    const { actor, navigate, restarts } = startControls();
    actor.send({ type: 'build.restart' });
    await settle();
    expect(restarts).toEqual([false]);
    expect(navigate).toHaveBeenCalledWith('/octocat/hello-world/9/1/1');
  });

  it('debug restarts with debug=true and goes to the new build number', async () => {
    const { actor, navigate, restarts } = startControls();
    actor.send({ type: 'build.debug' });
    await settle();
    expect(restarts).toEqual([true]);
    expect(navigate).toHaveBeenCalledWith('/octocat/hello-world/9');
  });

  it('promote opens the deployment dialog and goes to the deployed build', async () => {
    const { actor, navigate } = startControls();
    actor.send({ type: 'build.promote' });
    const dialog = selectDeployment(actor.getSnapshot());
    expect(dialog).toBeDefined();
    expect(selectIsBusy(actor.getSnapshot())).toBe(false);
    dialog!.send({ type: 'deployment.submit' });
    await settle();
    expect(navigate).toHaveBeenCalledWith('/octocat/hello-world/10');
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectDeployment(actor.getSnapshot())).toBeUndefined();
  });

  it('closing the deployment dialog goes nowhere', () => {
    const { actor, navigate } = startControls();
    actor.send({ type: 'build.promote' });
    selectDeployment(actor.getSnapshot())!.send({ type: 'deployment.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('build controls: failure toasts (docs/spec.md 8)', () => {
  const failure = new ApiError(409, 'Optimistic Lock Error');

  it.each([
    ['build.cancel' as const, 'Unable to cancel build: Optimistic Lock Error'],
    ['build.restart' as const, 'Unable to restart build: Optimistic Lock Error'],
    ['build.debug' as const, 'Unable to restart in debug mode: Optimistic Lock Error'],
  ])('%s failure', async (type, message) => {
    const { actor, navigate } = startControls({ cancel: failure, restart: failure });
    actor.send({ type });
    await settle();
    expect(saidBy(notify.error)).toContain(message);
    expect(navigate).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('deploy failure shows the deploy message', async () => {
    const { actor, navigate } = startControls({ deploy: failure });
    actor.send({ type: 'build.promote' });
    selectDeployment(actor.getSnapshot())!.send({ type: 'deployment.submit' });
    await settle();
    expect(saidBy(notify.error)).toContain('Unable to create new deploy: Optimistic Lock Error');
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a null deploy answer shows 'Unable to create new deploy in this repo'", async () => {
    const { actor } = startControls({ deploy: null });
    actor.send({ type: 'build.promote' });
    selectDeployment(actor.getSnapshot())!.send({ type: 'deployment.submit' });
    await settle();
    expect(saidBy(notify.error)).toContain('Unable to create new deploy in this repo');
  });

  it('a skipped restart (null answer) stays put and says so', async () => {
    const { actor, navigate } = startControls({ restart: null });
    actor.send({ type: 'build.restart' });
    await settle();
    expect(navigate).not.toHaveBeenCalled();
    expect(saidBy(notify.error)).toContain('Unable to restart build: no pipeline was started');
  });
});

describe('build controls: an answer that cannot be read (issue 17)', () => {
  const unreadable = new ApiError(0, 'Unexpected end of JSON input', { malformed: true });
  const UNREADABLE = "The server's answer could not be read; showing what it holds now.";

  it('cancel asks the page to fetch the build again instead of reporting a failure', async () => {
    const { actor, navigate } = startControls({ cancel: unreadable });
    const stale: unknown[] = [];
    actor.on('build.stale', (event) => stale.push(event));
    actor.send({ type: 'build.cancel' });
    await settle();
    expect(stale).toEqual([{ type: 'build.stale' }]);
    expect(saidBy(notify.warning)).toContain(UNREADABLE);
    expect(notify.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['build.restart' as const, 'build.debug' as const])(
    '%s goes to the builds list, where the new build shows',
    async (type) => {
      const { actor, navigate } = startControls({ restart: unreadable });
      actor.send({ type });
      await settle();
      expect(navigate).toHaveBeenCalledWith('/octocat/hello-world');
      expect(saidBy(notify.warning)).toContain(UNREADABLE);
      expect(notify.error).not.toHaveBeenCalled();
    },
  );

  it('deploy goes to the builds list, where the new build shows', async () => {
    const { actor, navigate } = startControls({ deploy: unreadable });
    actor.send({ type: 'build.promote' });
    selectDeployment(actor.getSnapshot())!.send({ type: 'deployment.submit' });
    await settle();
    expect(navigate).toHaveBeenCalledWith('/octocat/hello-world');
    expect(saidBy(notify.warning)).toContain(UNREADABLE);
    expect(notify.error).not.toHaveBeenCalled();
  });
});

describe('build controls, model-based', () => {
  const failure = new ApiError(500, 'boom');
  const unreadable = new ApiError(0, 'Unexpected end of JSON input', { malformed: true });
  // Small outputs keep the generated test names readable; only the number matters here.
  const newBuild = { number: 9 } as Build;
  const model = modelOf(buildControlsMachine, [
    { type: 'build.cancel' },
    { type: 'build.restart' },
    { type: 'build.debug' },
    { type: 'build.promote' },
    { type: 'xstate.done.actor.cancelBuild', output: { number: 7 } },
    { type: 'xstate.error.actor.cancelBuild', error: failure },
    { type: 'xstate.done.actor.restartBuild', output: newBuild },
    { type: 'xstate.done.actor.restartBuild', output: null },
    { type: 'xstate.error.actor.restartBuild', error: failure },
    { type: 'xstate.done.actor.debugBuild', output: newBuild },
    { type: 'xstate.done.actor.debugBuild', output: null },
    { type: 'xstate.error.actor.debugBuild', error: failure },
    { type: 'xstate.error.actor.cancelBuild', error: unreadable },
    { type: 'xstate.error.actor.restartBuild', error: unreadable },
    { type: 'xstate.error.actor.debugBuild', error: unreadable },
    { type: 'xstate.done.actor.deployment', output: { created: newBuild, unreadable: false } },
    { type: 'xstate.done.actor.deployment', output: { created: null, unreadable: false } },
    { type: 'xstate.done.actor.deployment', output: { created: null, unreadable: true } },
  ]);

  const paths = model.getShortestPaths();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(buildControlsMachine, { paths })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      // Every call waits for the path to say how it ends.
      let pending: { resolve: (value: Build | null) => void; reject: (e: unknown) => void };
      const controlled = <T, Input>() =>
        fromPromise<T, Input>(
          () =>
            new Promise<T>(
              (resolve, reject) =>
                (pending = { resolve: resolve as (value: Build | null) => void, reject }),
            ),
        );
      const machine = buildControlsMachine.provide({
        actors: {
          cancelBuild: controlled<Build, BuildTarget>(),
          restartBuild: controlled<Build | null, BuildTarget & { debug: boolean }>(),
          deployment: deploymentMachine.provide({
            actors: {
              deployBuild: fromPromise<Build | null, DeployInput>(async () => {
                if (deployUnreadable) throw unreadable;
                return newBuild;
              }),
            },
          }),
        },
      });
      let deployUnreadable = false;
      // The build page's controls (docs/spec.md 4.3): Cancel for a running build, the Actions menu
      // (Restart, Promote, Debug) for a finished one; each event is the user's click.
      // Under the build page's route, as on the page: its step's log may be deleted from here.
      const ui = (status: 'running' | 'success') => (
        <Route path={/^\/(?<namespace>[^/]+)\/(?<name>[^/]+)/}>
          <BuildControls
            repo={repoRef}
            build={makeStagedBuild(7, status)}
            canWrite
            blocked={false}
            onCancelled={() => undefined}
            onStale={() => undefined}
          />
        </Route>
      );
      const view = renderWithMachines(ui('success'), {
        machines: [[buildControlsMachine, machine]],
        path: '/octocat/hello-world/7',
      });
      const actor = view.actorOf(buildControlsMachine);
      const idle = () => act(() => waitFor(actor, (snapshot) => snapshot.matches('idle')));
      const cancel = async () => {
        view.rerender(ui('running'));
        await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
      };
      const menu = (label: string) => async () => {
        view.rerender(ui('success'));
        await act(async () => fireEvent.click(screen.getByRole('button', { name: /Actions/ })));
        await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: label })));
      };
      const dialog = () => screen.queryByRole('dialog', { name: 'Create deployment' });
      const actions = () => screen.getByRole('button', { name: /Actions/ });
      const answer = ({ event }: { event: AnyEventObject }) => {
        if (event.type.startsWith('xstate.error')) pending.reject(event.error);
        else pending.resolve(event.output as Build | null);
        return idle();
      };
      await path.test({
        states: {
          idle: () => {
            expect(actor.getSnapshot().value).toBe('idle');
            expect(dialog()).not.toBeInTheDocument();
            const control = screen.queryByRole('button', { name: 'Cancel' }) ?? actions();
            expect(control).toBeEnabled();
          },
          cancelling: () => {
            expect(selectIsBusy(actor.getSnapshot())).toBe(true);
            expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
          },
          restarting: () => {
            expect(selectIsBusy(actor.getSnapshot())).toBe(true);
            expect(actions()).toBeDisabled();
          },
          debugging: () => {
            expect(selectIsBusy(actor.getSnapshot())).toBe(true);
            expect(actions()).toBeDisabled();
          },
          deploying: () => {
            expect(selectDeployment(actor.getSnapshot())).toBeDefined();
            expect(dialog()).toBeInTheDocument();
          },
        },
        events: {
          'build.cancel': cancel,
          'build.restart': menu('Restart'),
          'build.debug': menu('Debug'),
          'build.promote': menu('Promote'),
          'xstate.done.actor.cancelBuild': answer,
          'xstate.error.actor.cancelBuild': answer,
          'xstate.done.actor.restartBuild': answer,
          'xstate.error.actor.restartBuild': answer,
          'xstate.done.actor.debugBuild': answer,
          'xstate.error.actor.debugBuild': answer,
          // Deploy or Cancel in the dialog.
          'xstate.done.actor.deployment': async ({ event }) => {
            const { created, unreadable: garbled } = (event as AnyEventObject).output;
            deployUnreadable = garbled;
            const button = within(dialog()!).getByRole('button', {
              name: created || garbled ? 'Deploy' : 'Cancel',
            });
            await act(async () => fireEvent.click(button));
            await idle();
          },
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      // Only a build that came out of the last call moves the user: to it, or to the builds
      // list when the answer naming it could not be read.
      const last = path.steps.at(-1)?.event;
      const output = last?.output as
        { number?: number; created?: Build | null; unreadable?: boolean } | null | undefined;
      const newBuildUnread =
        last?.error === unreadable && last.type !== 'xstate.error.actor.cancelBuild';
      const moved = output?.number || output?.created || output?.unreadable || newBuildUnread;
      expect(view.location.history.length).toBe(moved ? 2 : 1);
    });
  }
});
