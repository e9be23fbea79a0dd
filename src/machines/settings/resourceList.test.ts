import { t } from '../../i18n';
import type { Message } from '../../i18n/message';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../api/client';
import type { Template } from '../../api/types';
import {
  selectCreated,
  selectDraftError,
  selectHasMore,
  selectIsSubmitting,
  selectItems,
  selectVisibleCount,
} from './resourceList.selectors';
import type { ResourceListInput } from './resourceList.types';
import { ListChangedError } from './resourceList.machine';
import {
  defineResourceList,
  reviseTemplateDraft,
  secretUpdateOf,
  type ResourceDefinition,
  type TemplateDraft,
} from './resourceLists';
import { TEMPLATE_EXAMPLES } from './templateExamples';
import { notify } from '../shell/toasts.machine';
import { msg } from '../../i18n/message';

/** What a notify spy was asked to say, in the language shown. */
const said = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([message]) => t((message as Message).key, (message as Message).values));

// The server answers after LATENCY ms, so the in-flight states can be observed with fake timers.
const LATENCY = 100;

interface Thing {
  name: string;
  flag?: boolean;
  token?: string;
}

type ThingDraft = { name: string; flag: boolean };

const texts = {
  created: 'settings.messages.secretAdded',
  createFailed: 'settings.messages.addSecretFailed',
  removed: 'settings.messages.secretRemoved',
  removeFailed: 'settings.messages.removeSecretFailed',
  confirmRemove: 'settings.messages.confirmDeleteSecret',
  updated: 'settings.messages.secretUpdated',
  updateFailed: 'settings.messages.updateSecretFailed',
} as const;

const later = <T>(answer: () => T) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(answer());
      } catch (error) {
        reject(error);
      }
    }, LATENCY),
  );

/**
 * A fake server holding a list; `fail` makes the next call of that kind fail, `garble` makes it
 * do its work and then answer what cannot be read (a truncated JSON body).
 */
function fakeServer(initial: Thing[]) {
  const state = {
    items: [...initial],
    fail: {} as Record<string, string | undefined>,
    garble: new Set<string>(),
  };
  const failIfAsked = (kind: string) => {
    const message = state.fail[kind];
    if (message) {
      state.fail[kind] = undefined;
      throw new ApiError(400, message);
    }
  };
  const garbleIfAsked = <T>(kind: string, answer: T): T => {
    if (!state.garble.delete(kind)) return answer;
    throw new ApiError(0, 'Unexpected end of JSON input', { malformed: true });
  };
  const calls = {
    fetch: vi.fn(() => later(() => (failIfAsked('fetch'), [...state.items]))),
    create: vi.fn((_scope: { id: number }, draft: ThingDraft) =>
      later(() => {
        failIfAsked('create');
        const item = { ...draft, token: 'secret-token' };
        state.items.push(item);
        return garbleIfAsked('create', item);
      }),
    ),
    update: vi.fn((_scope: { id: number }, item: Thing, patch: { flag: boolean }) =>
      later(() => {
        failIfAsked('update');
        const updated = { ...item, ...patch };
        state.items = state.items.map((each) => (each.name === item.name ? updated : each));
        return garbleIfAsked('update', updated);
      }),
    ),
    remove: vi.fn((_scope: { id: number }, item: Thing) =>
      later(() => {
        failIfAsked('remove');
        state.items = state.items.filter((each) => each.name !== item.name);
        return garbleIfAsked('remove', undefined);
      }),
    ),
  };
  return { state, calls };
}

type ThingRules = Pick<
  ResourceDefinition<{ id: number }, Thing, ThingDraft, { flag: boolean }>,
  'acceptsDraft' | 'acceptsPatch'
>;

function start(initial: Thing[], input: Partial<ResourceListInput> = {}, rules: ThingRules = {}) {
  const server = fakeServer(initial);
  const machine = defineResourceList<{ id: number }, Thing, ThingDraft, { flag: boolean }>({
    ...server.calls,
    addressedBy: (draft) => draft.name,
    ...rules,
  });
  const actor = createActor(machine, {
    input: { scope: { id: 7 }, texts, initialDraft: { name: '', flag: false }, ...input },
  }).start();
  return { actor, server };
}

const items = (actor: ReturnType<typeof start>['actor']) =>
  selectItems<Thing>(actor.getSnapshot()).map((item) => item.name);

let success: ReturnType<typeof vi.spyOn>;
let warning: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  warning = vi.spyOn(notify, 'warning').mockImplementation(() => undefined);
  error = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loading', () => {
  it('loads the list with the scope', async () => {
    const { actor, server } = start([{ name: 'a' }, { name: 'b' }]);
    expect(actor.getSnapshot().value).toBe('loading');
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(items(actor)).toEqual(['a', 'b']);
    expect(server.calls.fetch).toHaveBeenCalledWith({ id: 7 });
  });

  it('keeps the error of a failed load and reloads on demand', async () => {
    const { actor, server } = start([{ name: 'a' }]);
    server.state.fail.fetch = 'Not Found';
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.loadError).toBe('Not Found');
    actor.send({ type: 'list.reload' });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(items(actor)).toEqual(['a']);
  });
});

describe('creating', () => {
  it('opens the modal with the defaults, sends the draft and toasts', async () => {
    const { actor, server } = start([]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    actor.send({ type: 'create.open' });
    expect(actor.getSnapshot().context.draft).toEqual({ name: '', flag: false });
    actor.send({ type: 'draft.change', changes: { name: 'x' } });
    actor.send({ type: 'draft.change', changes: { flag: true } });
    actor.send({ type: 'create.submit' });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(server.calls.create).toHaveBeenCalledWith({ id: 7 }, { name: 'x', flag: true });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(items(actor)).toEqual(['x']);
    expect(success).toHaveBeenCalledWith(msg(texts.created));
    // The server's answer is kept (a machine user's token is shown once), until dismissed.
    expect(selectCreated<Thing>(actor.getSnapshot())?.token).toBe('secret-token');
    actor.send({ type: 'created.dismiss' });
    expect(selectCreated(actor.getSnapshot())).toBeNull();
  });

  it('ignores a double submit while the request is in flight', async () => {
    const { actor, server } = start([]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    actor.send({ type: 'create.open' });
    actor.send({ type: 'create.submit' });
    actor.send({ type: 'create.submit' });
    await vi.advanceTimersByTimeAsync(LATENCY / 2);
    actor.send({ type: 'create.submit' });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(server.calls.create).toHaveBeenCalledTimes(1);
    expect(items(actor)).toHaveLength(1);
  });

  it('keeps the modal open with the draft and toasts the server message on failure', async () => {
    const { actor, server } = start([]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    server.state.fail.create = 'Invalid Secret Name';
    actor.send({ type: 'create.open' });
    actor.send({ type: 'draft.change', changes: { name: 'bad name' } });
    actor.send({ type: 'create.submit' });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(error).toHaveBeenCalledWith(msg(texts.createFailed, { message: 'Invalid Secret Name' }));
    expect(actor.getSnapshot().value).toEqual({ ready: { creating: 'form' } });
    expect(actor.getSnapshot().context.draft.name).toBe('bad name');
    expect(items(actor)).toEqual([]);
  });

  it('cancels without calling the server; reopening starts from the defaults', async () => {
    const { actor, server } = start([]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    actor.send({ type: 'create.open' });
    actor.send({ type: 'draft.change', changes: { name: 'half-typed' } });
    actor.send({ type: 'create.cancel' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    actor.send({ type: 'create.open' });
    expect(actor.getSnapshot().context.draft).toEqual({ name: '', flag: false });
    expect(server.calls.create).not.toHaveBeenCalled();
  });
});

describe('removing', () => {
  it('asks first; cancel keeps the item', async () => {
    const { actor, server } = start([{ name: 'a' }]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    const [item] = selectItems<Thing>(actor.getSnapshot());
    actor.send({ type: 'remove.request', item: item! });
    expect(actor.getSnapshot().value).toEqual({ ready: 'confirmingRemoval' });
    actor.send({ type: 'remove.cancel' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.target).toBeNull();
    expect(server.calls.remove).not.toHaveBeenCalled();
  });

  it('removes after the confirm, once, and toasts', async () => {
    const { actor, server } = start([{ name: 'a' }, { name: 'b' }]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    const [first] = selectItems<Thing>(actor.getSnapshot());
    actor.send({ type: 'remove.request', item: first! });
    actor.send({ type: 'remove.confirm' });
    actor.send({ type: 'remove.confirm' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'removing' });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(server.calls.remove).toHaveBeenCalledTimes(1);
    expect(server.calls.remove).toHaveBeenCalledWith({ id: 7 }, { name: 'a' });
    expect(items(actor)).toEqual(['b']);
    expect(success).toHaveBeenCalledWith(msg(texts.removed));
  });

  it('keeps the item and toasts the failure', async () => {
    const { actor, server } = start([{ name: 'a' }]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    server.state.fail.remove = 'sql: no rows in result set';
    actor.send({ type: 'remove.request', item: selectItems<Thing>(actor.getSnapshot())[0]! });
    actor.send({ type: 'remove.confirm' });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(error).toHaveBeenCalledWith(
      msg(texts.removeFailed, { message: 'sql: no rows in result set' }),
    );
    expect(items(actor)).toEqual(['a']);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
  });
});

describe('editing', () => {
  it('sends the patch, replaces the item and toasts', async () => {
    const { actor, server } = start([{ name: 'a', flag: false }]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    const item = selectItems<Thing>(actor.getSnapshot())[0]!;
    actor.send({ type: 'edit.open', item, patch: { flag: false } });
    actor.send({ type: 'patch.change', changes: { flag: true } });
    actor.send({ type: 'edit.submit' });
    actor.send({ type: 'edit.submit' });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(server.calls.update).toHaveBeenCalledTimes(1);
    expect(selectItems<Thing>(actor.getSnapshot())[0]).toEqual({ name: 'a', flag: true });
    expect(success).toHaveBeenCalledWith(msg(texts.updated));
  });

  it('toasts the update failure and keeps the modal open', async () => {
    const { actor, server } = start([{ name: 'a' }]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    server.state.fail.update = 'Forbidden';
    const item = selectItems<Thing>(actor.getSnapshot())[0]!;
    actor.send({ type: 'edit.open', item, patch: { flag: true } });
    actor.send({ type: 'edit.submit' });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(error).toHaveBeenCalledWith(msg(texts.updateFailed, { message: 'Forbidden' }));
    expect(actor.getSnapshot().value).toEqual({ ready: { editing: 'form' } });
  });

  it('can ask to remove from the edit modal (users)', async () => {
    const { actor } = start([{ name: 'a' }]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    const item = selectItems<Thing>(actor.getSnapshot())[0]!;
    actor.send({ type: 'edit.open', item, patch: { flag: true } });
    actor.send({ type: 'remove.request', item });
    expect(actor.getSnapshot().value).toEqual({ ready: 'confirmingRemoval' });
    expect(actor.getSnapshot().context.target).toBe(item);
  });
});

describe('what a screen refuses to send (issue 19: an invalid cron expression)', () => {
  const rules: ThingRules = {
    acceptsDraft: (draft) => !draft.name.includes(' '),
    acceptsPatch: (patch) => patch.flag,
  };

  it('keeps the create form open and calls nothing until the draft is acceptable', async () => {
    const { actor, server } = start([], {}, rules);
    await vi.advanceTimersByTimeAsync(LATENCY);
    actor.send({ type: 'create.open' });
    actor.send({ type: 'draft.change', changes: { name: 'bad name' } });
    expect(actor.getSnapshot().can({ type: 'create.submit' })).toBe(false);
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().value).toEqual({ ready: { creating: 'form' } });
    actor.send({ type: 'draft.change', changes: { name: 'good_name' } });
    actor.send({ type: 'create.submit' });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(server.calls.create).toHaveBeenCalledTimes(1);
    expect(items(actor)).toEqual(['good_name']);
  });

  it('keeps the edit form open and calls nothing until the patch is acceptable', async () => {
    const { actor, server } = start([{ name: 'a', flag: true }], {}, rules);
    await vi.advanceTimersByTimeAsync(LATENCY);
    const item = selectItems<Thing>(actor.getSnapshot())[0]!;
    actor.send({ type: 'edit.open', item, patch: { flag: false } });
    actor.send({ type: 'edit.submit' });
    expect(actor.getSnapshot().value).toEqual({ ready: { editing: 'form' } });
    actor.send({ type: 'patch.change', changes: { flag: true } });
    expect(actor.getSnapshot().can({ type: 'edit.submit' })).toBe(true);
    actor.send({ type: 'edit.submit' });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(server.calls.update).toHaveBeenCalledTimes(1);
  });
});

describe('a name no URL can reach (issue 29 item 4)', () => {
  it.each(['.', '..', 'a/b'])('refuses %j in the create form, before any call', async (name) => {
    const { actor, server } = start([]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    actor.send({ type: 'create.open' });
    actor.send({ type: 'draft.change', changes: { name } });
    actor.send({ type: 'create.submit' });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(server.calls.create).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toEqual({ ready: { creating: 'form' } });
    expect(
      t(selectDraftError(actor.getSnapshot())!.key, selectDraftError(actor.getSnapshot())!.values),
    ).toBe(
      `The name “${name}” cannot be sent to the server: a URL cannot hold “.”, “..” or “/” as a name`,
    );
    // A changed name clears the refusal and may be sent.
    actor.send({ type: 'draft.change', changes: { name: '.env' } });
    expect(selectDraftError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'create.submit' });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(items(actor)).toEqual(['.env']);
    expect(success).toHaveBeenCalledWith(msg(texts.created));
  });
});

describe('an edit that changed the server before it failed (issue 19: a cron job re-created)', () => {
  it('says what happened and reloads the list to show what the server holds', async () => {
    const said = msg('settings.messages.cronRecreateFailed', { name: 'a', message: 'Forbidden' });
    const { actor, server } = start([{ name: 'a' }, { name: 'b' }]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    server.calls.update.mockImplementationOnce((_scope, item) =>
      later(() => {
        server.state.items = server.state.items.filter((each) => each.name !== item.name);
        throw new ListChangedError(said);
      }),
    );
    actor.send({ type: 'edit.open', item: selectItems<Thing>(actor.getSnapshot())[0]!, patch: {} });
    actor.send({ type: 'edit.submit' });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(error).toHaveBeenCalledWith(said);
    expect(actor.getSnapshot().value).toBe('loading');
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(items(actor)).toEqual(['b']);
    expect(actor.getSnapshot().context.target).toBeNull();
  });
});

describe('secret edits (docs/drone-api.md 3.7)', () => {
  it('send a value only when one was typed: an empty value keeps the current one', () => {
    expect(secretUpdateOf({ data: '', pull_request: true })).toEqual({ pull_request: true });
    expect(secretUpdateOf({ data: 'new', pull_request: false })).toEqual({
      data: 'new',
      pull_request: false,
    });
  });
});

describe('an answer that cannot be read (issue 17)', () => {
  it.each([
    [
      'create',
      (actor: ReturnType<typeof start>['actor']) => {
        actor.send({ type: 'create.open' });
        actor.send({ type: 'draft.change', changes: { name: 'b' } });
        actor.send({ type: 'create.submit' });
      },
      ['a', 'b'],
    ],
    [
      'update',
      (actor: ReturnType<typeof start>['actor']) => {
        const [item] = selectItems<Thing>(actor.getSnapshot());
        actor.send({ type: 'edit.open', item: item!, patch: { flag: true } });
        actor.send({ type: 'edit.submit' });
      },
      ['a'],
    ],
    [
      'remove',
      (actor: ReturnType<typeof start>['actor']) => {
        const [item] = selectItems<Thing>(actor.getSnapshot());
        actor.send({ type: 'remove.request', item: item! });
        actor.send({ type: 'remove.confirm' });
      },
      [],
    ],
  ])(
    'after a %s, reloads what the server holds and says the answer was unreadable',
    async (kind, act, after) => {
      const { actor, server } = start([{ name: 'a' }]);
      await vi.advanceTimersByTimeAsync(LATENCY);
      server.state.garble.add(kind);
      act(actor);
      await vi.advanceTimersByTimeAsync(LATENCY);
      expect(actor.getSnapshot().value).toBe('loading');
      await vi.advanceTimersByTimeAsync(LATENCY);
      expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
      expect(items(actor)).toEqual(after);
      expect(server.calls.fetch).toHaveBeenCalledTimes(2);
      expect(said(warning)).toContain(
        "The server's answer could not be read; showing what it holds now.",
      );
      expect(error).not.toHaveBeenCalled();
      expect(success).not.toHaveBeenCalled();
    },
  );
});

describe('show more', () => {
  it('renders pageSize rows at a time', async () => {
    const many = Array.from({ length: 2500 }, (_, index) => ({ name: `user${index}` }));
    const { actor } = start(many, { pageSize: 1000 });
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(selectVisibleCount(actor.getSnapshot())).toBe(1000);
    expect(selectHasMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'list.showMore' });
    actor.send({ type: 'list.showMore' });
    expect(selectVisibleCount(actor.getSnapshot())).toBe(3000);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
  });

  it('shows everything without a page size', async () => {
    const { actor } = start([{ name: 'a' }]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(selectVisibleCount(actor.getSnapshot())).toBeNull();
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
  });
});

describe('template drafts', () => {
  const draft: TemplateDraft = { name: 'go', extension: '.yaml', data: 'my own' };

  it('replaces the content with the example when the extension changes', () => {
    expect(reviseTemplateDraft(draft, { extension: '.starlark' })).toEqual({
      name: 'go',
      extension: '.starlark',
      data: TEMPLATE_EXAMPLES['.starlark'],
    });
  });

  it('keeps the content for other changes', () => {
    expect(reviseTemplateDraft(draft, { name: 'node' }).data).toBe('my own');
    expect(reviseTemplateDraft(draft, { data: 'edited' }).data).toBe('edited');
  });

  it('is what the templates machine applies to draft changes', async () => {
    const { templatesMachine, templatesInput } = await import('./resourceLists');
    const calls: Template[] = [];
    const machine = templatesMachine.provide({
      actors: {
        fetchItems: (await import('xstate')).fromPromise(() => Promise.resolve(calls)),
      },
    });
    const actor = createActor(machine, { input: templatesInput('octocat') }).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'create.open' });
    actor.send({ type: 'draft.change', changes: { extension: '.jsonnet' } });
    expect(actor.getSnapshot().context.draft.data).toBe(TEMPLATE_EXAMPLES['.jsonnet']);
  });
});
