import { assign, fromPromise } from 'xstate';
import { createCron, cronBranch, deleteCron, fetchCrons, updateCron } from '../../api/cron';
import type { RepoRef } from '../../api/repos';
import {
  createOrgSecret,
  createRepoSecret,
  deleteOrgSecret,
  deleteRepoSecret,
  fetchOrgSecrets,
  fetchRepoSecrets,
  updateOrgSecret,
  updateRepoSecret,
} from '../../api/secrets';
import {
  createTemplate,
  deleteTemplate,
  fetchTemplates,
  updateTemplate,
} from '../../api/templates';
import type { Cron, Secret, SecretUpdate, Template, User, UserWithToken } from '../../api/types';
import { createUser, deleteUser, fetchUsers, updateUser } from '../../api/users';
import { msg } from '../../i18n/message';
import { isAddressableName } from '../../api/urls';
import { isMalformedAnswer } from '../shell/callErrors';
import { isPreset, isValidSchedule } from './cronSchedule';
import { ListChangedError, notProvided, resourceListMachine } from './resourceList.machine';
import type {
  Draft,
  ListItem as Item,
  ListScope as Scope,
  Patch,
  ResourceListInput,
  ResourceListTexts,
} from './resourceList.types';
import { TEMPLATE_EXAMPLES, type TemplateExtension } from './templateExamples';

// Each list screen of docs/spec.md 2.12 / 2.13 is the one resourceList machine with its own calls,
// texts and form defaults.

/** A screen's calls and draft rule, typed; the casts live here and nowhere else. */
export interface ResourceDefinition<S, I, D, P> {
  fetch: (scope: S) => Promise<I[]>;
  create: (scope: S, draft: D) => Promise<I>;
  remove: (scope: S, item: I) => Promise<unknown>;
  update?: (scope: S, item: I, patch: P) => Promise<I>;
  /** How a change applies to the create form (default: merged in). */
  reviseDraft?: (draft: D, changes: Partial<D>) => D;
  /** Whether the create form may be sent (default: always; the server judges). */
  acceptsDraft?: (draft: D) => boolean;
  /** Whether the edit form may be sent (default: always). */
  acceptsPatch?: (patch: P) => boolean;
  /** The name the created item is then reached by in URLs (its edit and delete calls). */
  addressedBy: (draft: D) => string;
}

export function defineResourceList<
  S extends Scope,
  I extends Item,
  D extends Draft,
  P extends Patch = Patch,
>(calls: ResourceDefinition<S, I, D, P>) {
  const { reviseDraft, acceptsDraft, acceptsPatch, addressedBy } = calls;
  return resourceListMachine.provide({
    guards: {
      draftAcceptable: ({ context }) => acceptsDraft?.(context.draft as D) ?? true,
      patchAcceptable: ({ context }) => acceptsPatch?.(context.patch as P) ?? true,
      isDraftUnaddressable: ({ context }) => !isAddressableName(addressedBy(context.draft as D)),
    },
    actions: {
      assignDraftError: assign(({ context }) => ({
        draftError: msg('settings.messages.nameUnaddressable', {
          name: addressedBy(context.draft as D),
        }),
      })),
      ...(reviseDraft
        ? {
            assignDraft: assign(({ context, event }) =>
              event.type === 'draft.change'
                ? { draft: reviseDraft(context.draft as D, event.changes as Partial<D>) }
                : {},
            ),
          }
        : {}),
    },
    actors: {
      fetchItems: fromPromise<Item[], Scope>(({ input }) => calls.fetch(input as S)),
      createItem: fromPromise<Item, { scope: Scope; draft: Draft }>(({ input }) =>
        calls.create(input.scope as S, input.draft as D),
      ),
      updateItem: fromPromise<Item, { scope: Scope; item: Item; patch: Patch }>(({ input }) =>
        calls.update
          ? calls.update(input.scope as S, input.item as I, input.patch as P)
          : notProvided(),
      ),
      deleteItem: fromPromise<unknown, { scope: Scope; item: Item }>(({ input }) =>
        calls.remove(input.scope as S, input.item as I),
      ),
    },
  });
}

/** The organization screens act on the repository's namespace. */
export interface NamespaceScope {
  namespace: string;
}

// ---- Secrets (repository and organization) ----

/**
 * docs/spec.md 9: new-secret defaults are an empty name, an empty value and pull_request false.
 * The form shows only 'Allow Pull Requests' (docs/spec.md 2.12); the create body still carries
 * both of Drone's flags (docs/drone-api.md 3.7), pull_request_push off.
 */
export type SecretDraft = {
  name: string;
  data: string;
  pull_request: boolean;
  pull_request_push: boolean;
};
const newSecret: SecretDraft = {
  name: '',
  data: '',
  pull_request: false,
  pull_request_push: false,
};

/**
 * The edit form (issue 19): the server never returns a value (docs/drone-api.md 3.7), so the
 * form starts with none and an empty one keeps the current value.
 */
export type SecretPatch = { data: string; pull_request: boolean };
export const secretPatchOf = (secret: Secret): SecretPatch => ({
  data: '',
  pull_request: secret.pull_request ?? false,
});

/**
 * The PATCH body: `data` only when a new value was typed. pull_request_push, which the form does
 * not show, is never sent: Drone keeps a flag the body leaves out (docs/drone-api.md 3.7), so an
 * edit cannot clear it.
 */
export const secretUpdateOf = ({ data, pull_request }: SecretPatch): SecretUpdate =>
  data === '' ? { pull_request } : { data, pull_request };

export const repoSecretsMachine = defineResourceList<RepoRef, Secret, SecretDraft, SecretPatch>({
  fetch: fetchRepoSecrets,
  create: createRepoSecret,
  addressedBy: (draft) => draft.name,
  update: (repo, secret, patch) => updateRepoSecret(repo, secret.name ?? '', secretUpdateOf(patch)),
  remove: (repo, secret) => deleteRepoSecret(repo, secret.name ?? ''),
});

export const repoSecretsInput = (repo: RepoRef): ResourceListInput => ({
  scope: repo,
  initialDraft: newSecret,
  texts: {
    created: 'settings.messages.secretAdded',
    createFailed: 'settings.messages.addSecretFailed',
    removed: 'settings.messages.secretRemoved',
    removeFailed: 'settings.messages.removeSecretFailed',
    updated: 'settings.messages.secretUpdated',
    updateFailed: 'settings.messages.updateSecretFailed',
    confirmRemove: 'settings.messages.confirmDeleteSecret',
  },
});

export const orgSecretsMachine = defineResourceList<
  NamespaceScope,
  Secret,
  SecretDraft,
  SecretPatch
>({
  fetch: ({ namespace }) => fetchOrgSecrets(namespace),
  create: ({ namespace }, draft) => createOrgSecret(namespace, draft),
  addressedBy: (draft) => draft.name,
  update: ({ namespace }, secret, patch) =>
    updateOrgSecret(namespace, secret.name ?? '', secretUpdateOf(patch)),
  remove: ({ namespace }, secret) => deleteOrgSecret(namespace, secret.name ?? ''),
});

export const orgSecretsInput = (namespace: string): ResourceListInput => ({
  scope: { namespace },
  initialDraft: newSecret,
  texts: {
    created: 'settings.messages.orgSecretAdded',
    createFailed: 'settings.messages.addOrgSecretFailed',
    removed: 'settings.messages.orgSecretRemoved',
    removeFailed: 'settings.messages.removeOrgSecretFailed',
    updated: 'settings.messages.orgSecretUpdated',
    updateFailed: 'settings.messages.updateOrgSecretFailed',
    confirmRemove: 'settings.messages.confirmDeleteOrgSecret',
  },
});

// ---- Cron jobs ----

/**
 * The create and edit forms' schedule: `expr` is what is sent; `custom` says the user chose to
 * type one (a preset typed by hand stays in the text field).
 */
type CronSchedule = { expr: string; custom: boolean };
export type CronDraft = CronSchedule & { name: string; branch: string };
export type CronPatch = CronSchedule & { branch: string };

export const cronPatchOf = (cron: Cron): CronPatch => ({
  branch: cron.branch,
  expr: cron.expr,
  custom: !isPreset(cron.expr),
});

/**
 * Drone cannot PATCH an expression (docs/drone-api.md 3.8): a new one deletes the job and creates
 * it again under its name, then restores its target and disabled flag, which a create cannot set.
 * The form has checked the expression with Drone's parser first. A failure after the delete
 * says so: the list is reloaded (ListChangedError, with the message to show).
 */
async function recreateCron(repo: RepoRef, cron: Cron, patch: CronPatch): Promise<Cron> {
  await deleteCron(repo, cron.name);
  try {
    const created = await createCron(repo, {
      name: cron.name,
      branch: patch.branch,
      expr: patch.expr,
    });
    if (!cron.target && !cron.disabled) return created;
    return await updateCron(repo, created.name, { target: cron.target, disabled: cron.disabled });
  } catch (error) {
    if (isMalformedAnswer({ error })) throw error;
    throw new ListChangedError(
      msg('settings.messages.cronRecreateFailed', {
        name: cron.name,
        message: (error as Error).message,
      }),
    );
  }
}

export const cronMachine = defineResourceList<RepoRef, Cron, CronDraft, CronPatch>({
  fetch: fetchCrons,
  // An empty branch becomes master (docs/spec.md 5), on create and on edit.
  create: (repo, { name, branch, expr }) => createCron(repo, { name, branch, expr }),
  addressedBy: (draft) => draft.name,
  update: (repo, cron, patch) =>
    patch.expr === cron.expr
      ? updateCron(repo, cron.name, { branch: cronBranch(patch.branch) })
      : recreateCron(repo, cron, patch),
  remove: (repo, cron) => deleteCron(repo, cron.name),
  acceptsDraft: (draft) => isValidSchedule(draft.expr),
  acceptsPatch: (patch) => isValidSchedule(patch.expr),
});

export const cronInput = (repo: RepoRef): ResourceListInput => ({
  scope: repo,
  initialDraft: { name: '', branch: '', expr: '@hourly', custom: false } satisfies CronDraft,
  texts: {
    created: 'settings.messages.cronAdded',
    createFailed: 'messages.server',
    updated: 'settings.messages.cronUpdated',
    updateFailed: 'messages.server',
    removed: 'settings.messages.cronRemoved',
    removeFailed: 'messages.server',
    confirmRemove: 'settings.messages.confirmRemoveCron',
  },
});

// ---- Templates (organization) ----

export type TemplateDraft = { name: string; extension: TemplateExtension; data: string };
export type TemplatePatch = { data: string };

/** docs/spec.md 2.12: changing the extension replaces the content with that extension's example. */
export function reviseTemplateDraft(
  draft: TemplateDraft,
  changes: Partial<TemplateDraft>,
): TemplateDraft {
  const next = { ...draft, ...changes };
  if (changes.extension && changes.extension !== draft.extension) {
    next.data = TEMPLATE_EXAMPLES[changes.extension];
  }
  return next;
}

const templateName = (draft: TemplateDraft) => `${draft.name}${draft.extension}`;

export const templatesMachine = defineResourceList<
  NamespaceScope,
  Template,
  TemplateDraft,
  TemplatePatch
>({
  fetch: ({ namespace }) => fetchTemplates(namespace),
  // docs/spec.md 5: the name sent is the typed name plus the chosen extension.
  create: ({ namespace }, draft) =>
    createTemplate(namespace, { name: templateName(draft), data: draft.data }),
  addressedBy: templateName,
  update: ({ namespace }, template, patch) =>
    updateTemplate(namespace, template.name ?? '', patch.data),
  remove: ({ namespace }, template) => deleteTemplate(namespace, template.name ?? ''),
  reviseDraft: reviseTemplateDraft,
});

export const DEFAULT_TEMPLATE_EXTENSION: TemplateExtension = '.yaml';

export const templatesInput = (namespace: string): ResourceListInput => ({
  scope: { namespace },
  initialDraft: {
    name: '',
    extension: DEFAULT_TEMPLATE_EXTENSION,
    data: TEMPLATE_EXAMPLES[DEFAULT_TEMPLATE_EXTENSION],
  } satisfies TemplateDraft,
  texts: {
    created: 'settings.messages.templateAdded',
    createFailed: 'messages.server',
    updated: 'settings.messages.templateEdited',
    updateFailed: 'messages.server',
    removed: 'settings.messages.templateRemoved',
    removeFailed: 'messages.server',
    confirmRemove: 'settings.messages.confirmRemoveTemplate',
  },
});

// ---- Users (system administration) ----

export type UserDraft = { login: string; email: string; admin: boolean; machine: boolean };
export type UserPatch = { admin: boolean };
/** docs/spec.md 9: users rendered before 'Show More'. */
export const USERS_PAGE_SIZE = 1000;

export const usersMachine = defineResourceList<null, User | UserWithToken, UserDraft, UserPatch>({
  fetch: fetchUsers,
  create: (_, draft) => createUser(draft),
  // The login as sent: the API trims it (api/users.ts).
  addressedBy: (draft) => draft.login.trim(),
  update: (_, user, patch) => updateUser(user.login, patch),
  remove: (_, user) => deleteUser(user.login),
});

export const usersInput: ResourceListInput = {
  scope: null,
  pageSize: USERS_PAGE_SIZE,
  initialDraft: { login: '', email: '', admin: false, machine: false } satisfies UserDraft,
  texts: {
    created: 'settings.messages.userCreated',
    createFailed: 'settings.messages.createUserFailed',
    updated: 'settings.messages.userUpdated',
    // docs/spec.md 8: updating a user reuses the create text (a quirk of the original).
    updateFailed: 'settings.messages.createUserFailed',
    removed: 'settings.messages.userDeleted',
    removeFailed: 'settings.messages.deleteUserFailed',
    confirmRemove: 'settings.messages.confirmDeleteUser',
  },
};

export type { ResourceListTexts };
