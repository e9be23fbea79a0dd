import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  itTakesEveryListedEvent,
  settledCalls,
  type ListedEvent,
} from '../../../tests/drivers/listedEvents';
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

const eventsIn: Record<string, ListedEvent[]> = {
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

function start(active = false) {
  const calls = settledCalls(['activateRepo', 'saveSettings', 'disableRepo', 'fetchRepo']);
  const notify = { notifySuccess: vi.fn(), notifyWarning: vi.fn(), notifyError: vi.fn() };
  const machine = repoSettingsMachine.provide({ actors: calls.actors, actions: notify });
  const actor = createActor(machine, { input: { repo: repo(active), isSystemAdmin: false } });
  const changed: Repository[] = [];
  actor.on('repo.changed', (event) => changed.push(event.repo));
  actor.start();
  return { actor, changed, ...notify, play: (event: ListedEvent) => calls.play(actor, event) };
}

const silent = {
  notifySuccess: () => undefined,
  notifyWarning: () => undefined,
  notifyError: () => undefined,
};

describe('repoSettings machine, model-based', () => {
  const input: RepoSettingsInput = { repo: repo(false), isSystemAdmin: false };

  it('opens an active repository on its settings form', () => {
    const sut = start(true);
    expect(sut.actor.getSnapshot().value).toEqual({ active: 'editing' });
    sut.actor.stop();
  });

  itTakesEveryListedEvent({
    logic: repoSettingsMachine.provide({ actions: silent }),
    input,
    eventsIn,
    start,
    // An active repository opens on its settings form (the test above).
    moreRuns: [{ paths: [{ steps: [] }], input: { ...input, repo: repo(true) } }],
    check: (sut, { event, way }) => {
      // A successful change is toasted and announced to the page; a failure is toasted.
      // An unreadable answer warns and fetches the repository, which the page is then told.
      const value = sut.actor.getSnapshot().value;
      if (event.error === unreadable) {
        expect(sut.notifyWarning).toHaveBeenCalled();
        expect(value).toBe('refreshing');
      } else if (event.type === 'xstate.done.actor.fetchRepo') {
        expect(sut.changed.at(-1)?.active).toBe(true);
      } else if (event.type.startsWith('xstate.done.actor.')) {
        expect(sut.notifySuccess).toHaveBeenCalled();
        expect(sut.changed.at(-1)?.active).toBe('active' in (value as object));
      } else if (event.type.startsWith('xstate.error.actor.')) {
        expect(sut.notifyError).toHaveBeenCalled();
        // Nothing changed on the server, so the page is not told about anything new.
        expect(sut.changed).toHaveLength(
          way.filter((step) => step.type.startsWith('xstate.done.actor.')).length,
        );
      }
    },
  });
});
