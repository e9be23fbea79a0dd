import { t } from '../../i18n';
import type { Message } from '../../i18n/message';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Repository } from '../../api/types';
import {
  applyToggle,
  formOf,
  patchOf,
  repoSettingsMachine,
  selectCanActivate,
  selectIsActive,
  type RepoSettingsForm,
} from './repoSettings.machine';
import { notify } from '../shell/toasts.machine';
import { makeRepo } from '../../../tests/factories';

/** What a notify spy was asked to say, in the language shown. */
const said = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([message]) => t((message as Message).key, (message as Message).values));

// An admin's view of a repository with every auto-cancel rule off.
const adminRepo = (overrides: Partial<Repository> = {}) =>
  makeRepo({
    auto_cancel_running: false,
    counter: 3,
    permissions: { read: true, write: true, admin: true },
    ...overrides,
  });

/** Resolves or rejects when the test says so, to observe in-flight states. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(repo: Repository, options: { isSystemAdmin?: boolean; actors?: object } = {}) {
  const machine = repoSettingsMachine.provide({ actors: options.actors ?? {} });
  const actor = createActor(machine, {
    input: { repo, isSystemAdmin: options.isSystemAdmin ?? false },
  });
  const changed: Repository[] = [];
  actor.on('repo.changed', (event) => changed.push(event.repo));
  actor.start();
  return { actor, changed };
}

afterEach(() => vi.restoreAllMocks());

describe('the auto-cancel rule (docs/spec.md 4.6)', () => {
  const fields = [
    'auto_cancel_pull_requests',
    'auto_cancel_pushes',
    'auto_cancel_running',
  ] as const;
  const combos: RepoSettingsForm[] = [];
  for (const pr of [false, true])
    for (const push of [false, true])
      for (const running of [false, true])
        combos.push({
          ...formOf(adminRepo()),
          auto_cancel_pull_requests: pr,
          auto_cancel_pushes: push,
          auto_cancel_running: running,
        });

  for (const form of combos) {
    for (const field of fields) {
      for (const value of [false, true]) {
        const label = `pr=${form.auto_cancel_pull_requests} push=${form.auto_cancel_pushes} running=${form.auto_cancel_running}: ${field} -> ${value}`;
        it(label, () => {
          const next = applyToggle(form, field, value);
          const unlocked = form.auto_cancel_pull_requests || form.auto_cancel_pushes;
          if (field === 'auto_cancel_running') {
            // Changeable only while pull requests or pushes auto-cancel.
            expect(next.auto_cancel_running).toBe(unlocked ? value : form.auto_cancel_running);
            expect(next.auto_cancel_pull_requests).toBe(form.auto_cancel_pull_requests);
            expect(next.auto_cancel_pushes).toBe(form.auto_cancel_pushes);
            return;
          }
          expect(next[field]).toBe(value);
          const other =
            field === 'auto_cancel_pull_requests'
              ? 'auto_cancel_pushes'
              : 'auto_cancel_pull_requests';
          expect(next[other]).toBe(form[other]);
          // Turning one off while the other is off forces auto cancel running off.
          const bothOff = !next.auto_cancel_pull_requests && !next.auto_cancel_pushes;
          expect(next.auto_cancel_running).toBe(bothOff ? false : form.auto_cancel_running);
        });
      }
    }
  }

  it('applies through the machine as well', () => {
    const { actor } = start(adminRepo({ auto_cancel_pushes: true, auto_cancel_running: true }));
    actor.send({ type: 'settings.toggle', field: 'auto_cancel_pushes', value: false });
    expect(actor.getSnapshot().context.form.auto_cancel_running).toBe(false);
    actor.send({ type: 'settings.toggle', field: 'auto_cancel_running', value: true });
    expect(actor.getSnapshot().context.form.auto_cancel_running).toBe(false);
  });
});

describe('activation', () => {
  it('offers activation to repository admins and system admins only', () => {
    const member = start(
      adminRepo({ active: false, permissions: { read: true, write: true, admin: false } }),
    );
    expect(selectCanActivate(member.actor.getSnapshot())).toBe(false);
    member.actor.send({ type: 'repo.activate' });
    expect(member.actor.getSnapshot().value).toEqual({ inactive: 'idle' });

    const sysAdmin = start(adminRepo({ active: false, permissions: undefined }), {
      isSystemAdmin: true,
    });
    expect(selectCanActivate(sysAdmin.actor.getSnapshot())).toBe(true);
  });

  it('activates, toasts, keeps the permissions and announces the new repository', async () => {
    const success = vi.spyOn(notify, 'success');
    const answer = deferred<Repository>();
    const { actor, changed } = start(adminRepo({ active: false }), {
      actors: { activateRepo: fromPromise(() => answer.promise) },
    });
    actor.send({ type: 'repo.activate' });
    expect(actor.getSnapshot().value).toEqual({ inactive: 'activating' });
    answer.resolve(adminRepo({ active: true, timeout: 60, permissions: undefined }));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ active: 'editing' });
    expect(said(success)).toContain('Repo has been successfully enabled');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.active).toBe(true);
    expect(actor.getSnapshot().context.repo.permissions?.admin).toBe(true);
  });

  it('shows the bare server message when activation fails', async () => {
    const error = vi.spyOn(notify, 'error');
    const { actor, changed } = start(adminRepo({ active: false }), {
      actors: {
        activateRepo: fromPromise(() =>
          Promise.reject(new ApiError(402, 'Repository limit exceeded')),
        ),
      },
    });
    actor.send({ type: 'repo.activate' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ inactive: 'idle' });
    expect(said(error)).toContain('Repository limit exceeded');
    expect(changed).toHaveLength(0);
  });
});

describe('saving', () => {
  it('PATCHes the whole settings object with a numeric timeout', async () => {
    const success = vi.spyOn(notify, 'success');
    const seen: unknown[] = [];
    const { actor, changed } = start(adminRepo(), {
      actors: {
        saveSettings: fromPromise(({ input }: { input: { patch: { timeout: number } } }) => {
          seen.push(input.patch);
          return Promise.resolve(
            adminRepo({ visibility: 'internal', timeout: 90, permissions: undefined }),
          );
        }),
      },
    });
    actor.send({ type: 'settings.visibility', visibility: 'internal' });
    actor.send({ type: 'settings.timeout', timeout: 90 });
    actor.send({ type: 'settings.configPath', configPath: '.ci.yml' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().value).toEqual({ active: 'saving' });
    await flush();
    expect(seen[0]).toEqual(
      patchOf({
        ...formOf(adminRepo()),
        visibility: 'internal',
        timeout: 90,
        config_path: '.ci.yml',
      }),
    );
    expect(Object.keys(seen[0] as object).sort()).toEqual(Object.keys(formOf(adminRepo())).sort());
    expect(said(success)).toContain('Changes have been saved');
    expect(changed[0]!.visibility).toBe('internal');
    expect(actor.getSnapshot().context.form.timeout).toBe(90);
  });

  it('neither offers nor sends auto_cancel_running when the server has no such field', () => {
    // Drone v1.10.1 and v2.0.4 (docs/drone-api.md 3.2): the repository carries no
    // auto_cancel_running, and a PATCH with one would be ignored.
    const { auto_cancel_running: _absent, ...older } = adminRepo();
    const form = formOf(older);
    expect('auto_cancel_running' in form).toBe(false);
    expect('auto_cancel_running' in patchOf(form)).toBe(false);
    const pushes = applyToggle(form, 'auto_cancel_pushes', true);
    expect('auto_cancel_running' in applyToggle(pushes, 'auto_cancel_pushes', false)).toBe(false);
    expect(applyToggle(pushes, 'auto_cancel_running', true)).toMatchObject({
      auto_cancel_running: true,
    });
  });

  it("reports 'Unable to save changes: {message}' and keeps the edits", async () => {
    const error = vi.spyOn(notify, 'error');
    const { actor } = start(adminRepo(), {
      actors: {
        saveSettings: fromPromise(() => Promise.reject(new ApiError(500, 'database is locked'))),
      },
    });
    actor.send({ type: 'settings.toggle', field: 'protected', value: true });
    actor.send({ type: 'settings.save' });
    await flush();
    expect(said(error)).toContain('Unable to save changes: database is locked');
    expect(actor.getSnapshot().value).toEqual({ active: 'editing' });
    expect(actor.getSnapshot().context.form.protected).toBe(true);
  });
});

describe('an answer that cannot be read (issue 17)', () => {
  it('fetches the repository the server holds after a save, and says why', async () => {
    const warning = vi.spyOn(notify, 'warning');
    const error = vi.spyOn(notify, 'error');
    const held = deferred<Repository>();
    const { actor, changed } = start(adminRepo(), {
      actors: {
        saveSettings: fromPromise(() =>
          Promise.reject(new ApiError(0, 'Unexpected end of JSON input', { malformed: true })),
        ),
        fetchRepo: fromPromise(() => held.promise),
      },
    });
    actor.send({ type: 'settings.toggle', field: 'protected', value: true });
    actor.send({ type: 'settings.save' });
    await flush();
    expect(actor.getSnapshot().value).toBe('refreshing');
    // The form stays up while the repository is looked at again.
    expect(selectIsActive(actor.getSnapshot())).toBe(true);
    held.resolve(adminRepo({ protected: true, permissions: undefined }));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ active: 'editing' });
    expect(actor.getSnapshot().context.form.protected).toBe(true);
    expect(changed.at(-1)?.protected).toBe(true);
    expect(changed.at(-1)?.permissions?.admin).toBe(true);
    expect(said(warning)).toContain(
      "The server's answer could not be read; showing what it holds now.",
    );
    expect(error).not.toHaveBeenCalled();
  });

  it('shows the repository inactive when an unreadable disable did go through', async () => {
    const { actor } = start(adminRepo(), {
      actors: {
        disableRepo: fromPromise(() =>
          Promise.reject(new ApiError(0, 'Unexpected end of JSON input', { malformed: true })),
        ),
        fetchRepo: fromPromise(() => Promise.resolve(adminRepo({ active: false }))),
      },
    });
    vi.spyOn(notify, 'warning');
    actor.send({ type: 'repo.disable' });
    actor.send({ type: 'disable.confirm' });
    await flush();
    await flush();
    expect(actor.getSnapshot().value).toEqual({ inactive: 'idle' });
  });
});

describe('disabling', () => {
  it('asks first; cancelling keeps the repository active', () => {
    const disable = vi.fn(() => Promise.resolve(adminRepo({ active: false })));
    const { actor } = start(adminRepo(), { actors: { disableRepo: fromPromise(disable) } });
    actor.send({ type: 'repo.disable' });
    expect(actor.getSnapshot().value).toEqual({ active: 'confirmingDisable' });
    actor.send({ type: 'disable.cancel' });
    expect(actor.getSnapshot().value).toEqual({ active: 'editing' });
    expect(disable).not.toHaveBeenCalled();
  });

  it('disables after the confirm and shows the inactive repository', async () => {
    const success = vi.spyOn(notify, 'success');
    const { actor, changed } = start(adminRepo(), {
      actors: { disableRepo: fromPromise(() => Promise.resolve(adminRepo({ active: false }))) },
    });
    actor.send({ type: 'repo.disable' });
    actor.send({ type: 'disable.confirm' });
    expect(actor.getSnapshot().value).toEqual({ active: 'disabling' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ inactive: 'idle' });
    expect(said(success)).toContain('Repo has been disabled');
    expect(changed[0]!.active).toBe(false);
  });

  it("reports 'Unable to disable repo: {message}'", async () => {
    const error = vi.spyOn(notify, 'error');
    const { actor, changed } = start(adminRepo(), {
      actors: { disableRepo: fromPromise(() => Promise.reject(new ApiError(404, 'Not Found'))) },
    });
    actor.send({ type: 'repo.disable' });
    actor.send({ type: 'disable.confirm' });
    await flush();
    expect(said(error)).toContain('Unable to disable repo: Not Found');
    expect(actor.getSnapshot().value).toEqual({ active: 'editing' });
    expect(changed).toHaveLength(0);
  });
});
