import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  getNextSnapshot,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';
import { modelOf, reportCoverage, wayToEachState } from '../../../tests/model';
import { ApiError } from '../../api/client';
import type { Repository } from '../../api/types';
import { repoSettingsMachine, type RepoSettingsInput } from './repoSettings.machine';

// Model-based test (docs/architecture.md 8): every state and transition of repoSettings, with the actors'
// answers listed as events and played back by controllable promises.

const repo = (active: boolean) =>
  ({
    namespace: 'octocat',
    name: 'hello-world',
    slug: 'octocat/hello-world',
    active,
    visibility: 'private',
    timeout: 60,
    config_path: '.drone.yml',
    permissions: { read: true, write: true, admin: true },
  }) as Repository;

/** Accepted, but the answer was cut short: the repository is fetched again (issue 17). */
const unreadable = new ApiError(0, 'Unexpected end of JSON input', { malformed: true });

type ModelEvent = { type: string; output?: unknown; error?: unknown; [key: string]: unknown };

const eventsIn: Record<string, ModelEvent[]> = {
  'inactive.idle': [
    { type: 'repo.activate' },
    { type: 'session.roleChanged', isSystemAdmin: true },
  ],
  'inactive.activating': [
    { type: 'xstate.done.actor.activateRepo', output: repo(true) },
    { type: 'xstate.error.actor.activateRepo', error: new ApiError(500, 'hook failed') },
    { type: 'xstate.error.actor.activateRepo', error: unreadable },
  ],
  refreshing: [
    { type: 'xstate.done.actor.fetchRepo', output: repo(true) },
    { type: 'xstate.error.actor.fetchRepo', error: new ApiError(500, 'gone') },
  ],
  'active.editing': [
    { type: 'settings.toggle', field: 'auto_cancel_pushes', value: true },
    { type: 'settings.visibility', visibility: 'public' },
    { type: 'settings.timeout', timeout: 90 },
    { type: 'settings.configPath', configPath: '.drone.yaml' },
    { type: 'settings.save' },
    { type: 'repo.disable' },
  ],
  'active.saving': [
    { type: 'xstate.done.actor.saveSettings', output: repo(true) },
    { type: 'xstate.error.actor.saveSettings', error: new ApiError(500, 'locked') },
    { type: 'xstate.error.actor.saveSettings', error: unreadable },
  ],
  'active.confirmingDisable': [{ type: 'disable.confirm' }, { type: 'disable.cancel' }],
  'active.disabling': [
    { type: 'xstate.done.actor.disableRepo', output: repo(false) },
    { type: 'xstate.error.actor.disableRepo', error: new ApiError(404, 'Not Found') },
    { type: 'xstate.error.actor.disableRepo', error: unreadable },
  ],
};

const keyOf = (value: unknown) =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, string>)
        .map(([parent, child]) => `${parent}.${child}`)
        .join();

const events = (snapshot: SnapshotFrom<typeof repoSettingsMachine>) =>
  (eventsIn[keyOf(snapshot.value)] ?? []) as unknown as Array<
    EventFromLogic<typeof repoSettingsMachine>
  >;

const silent = {
  notifySuccess: () => undefined,
  notifyWarning: () => undefined,
  notifyError: () => undefined,
};

function createSut(active = false) {
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null = null;
  const pending = () =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one stand-in for three inputs
    fromPromise<Repository, any>(
      () =>
        new Promise<Repository>((resolve, reject) => {
          settle = { resolve: resolve as (value: unknown) => void, reject };
        }),
    );
  const notifySuccess = vi.fn();
  const notifyWarning = vi.fn();
  const notifyError = vi.fn();
  const machine = repoSettingsMachine.provide({
    actors: {
      activateRepo: pending(),
      saveSettings: pending(),
      disableRepo: pending(),
      fetchRepo: pending(),
    },
    actions: { notifySuccess, notifyWarning, notifyError },
  });
  const actor = createActor(machine, { input: { repo: repo(active), isSystemAdmin: false } });
  const changed: Repository[] = [];
  actor.on('repo.changed', (event) => changed.push(event.repo));
  actor.start();
  const exec = async (event: ModelEvent) => {
    if (event.type.startsWith('xstate.done.actor.')) settle!.resolve(event.output);
    else if (event.type.startsWith('xstate.error.actor.')) settle!.reject(event.error);
    else actor.send(event as EventFromLogic<typeof repoSettingsMachine>);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, exec, changed, notifySuccess, notifyWarning, notifyError };
}

describe('repoSettings machine, model-based', () => {
  const logic = repoSettingsMachine.provide({ actions: silent });
  const input: RepoSettingsInput = { repo: repo(false), isSystemAdmin: false };
  // States are told apart by their value: the form's context is not part of the chart.
  const model = modelOf(logic, events, { input, keyBy: 'value' });
  // One way to reach each state, then every event listed for it from there.
  const reach = wayToEachState(model.getShortestPaths(), keyOf);

  it('covers every state and transition of the chart', () => {
    // What the tests below run: the way to each state, then each event listed for it.
    const run = [...reach.entries()].flatMap(([from, path]) =>
      (eventsIn[from] ?? []).map((event) => ({ steps: [...path.steps, { event }] })),
    );
    const coverage = reportCoverage(logic, [
      { paths: run, input },
      // An active repository opens on its settings form (the test below).
      { paths: [{ steps: [] }], input: { ...input, repo: repo(true) } },
    ]);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('opens an active repository on its settings form', () => {
    const sut = createSut(true);
    expect(sut.actor.getSnapshot().value).toEqual({ active: 'editing' });
    sut.actor.stop();
  });

  it('reaches every state', () => {
    expect([...reach.keys()].sort()).toEqual(Object.keys(eventsIn).sort());
  });

  for (const [from, path] of reach) {
    for (const event of eventsIn[from] ?? []) {
      it(`${from} --${event.type}--> where the chart says`, async () => {
        const sut = createSut();
        for (const step of path.steps) {
          const type: string = step.event.type;
          if (type !== 'xstate.init') await sut.exec(step.event as ModelEvent);
          expect(sut.actor.getSnapshot().value).toEqual(step.state.value);
        }
        await sut.exec(event);
        const expected = getNextSnapshot(
          logic,
          path.state as SnapshotFrom<typeof repoSettingsMachine>,
          event as EventFromLogic<typeof repoSettingsMachine>,
        );
        expect(sut.actor.getSnapshot().value).toEqual(expected.value);
        // A successful change is toasted and announced to the page; a failure is toasted.
        // An unreadable answer warns and fetches the repository, which the page is then told.
        if (event.error === unreadable) {
          expect(sut.notifyWarning).toHaveBeenCalled();
          expect(sut.actor.getSnapshot().value).toBe('refreshing');
        } else if (event.type === 'xstate.done.actor.fetchRepo') {
          expect(sut.changed.at(-1)?.active).toBe(true);
        } else if (event.type.startsWith('xstate.done.actor.')) {
          expect(sut.notifySuccess).toHaveBeenCalled();
          expect(sut.changed.at(-1)?.active).toBe('active' in (expected.value as object));
        } else if (event.type.startsWith('xstate.error.actor.')) {
          expect(sut.notifyError).toHaveBeenCalled();
          // Nothing changed on the server, so the page is not told about anything new.
          expect(sut.changed).toHaveLength(
            path.steps.filter((step) => step.event.type.startsWith('xstate.done.actor.')).length,
          );
        }
        sut.actor.stop();
      });
    }
  }
});
