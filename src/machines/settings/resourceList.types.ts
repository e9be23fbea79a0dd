import type { TextKey } from '../../i18n';
import type { Message } from '../../i18n/message';
// Types of the generic list machine (resourceList.machine.ts), shared with its selectors.

/**
 * Toast and prompt texts of docs/spec.md 8. Failure texts hold '{message}', replaced by the server's
 * message ('{message}' alone for the screens that show the bare server message).
 */
/** The keys of what a list says (its failures' texts take the server's `{message}`). */
export interface ResourceListTexts {
  created: TextKey;
  createFailed: TextKey;
  removed: TextKey;
  removeFailed: TextKey;
  confirmRemove: TextKey;
  updated?: TextKey;
  updateFailed?: TextKey;
}

// The machine is untyped about items (XState's types do not survive a generic factory);
// `defineResourceList` types each screen's actors, and the selectors take the item type.
// (`object`, not `unknown`: XState's "value or mapper" parameters need a type a function is not.)
export type ListScope = object | null;
export type ListItem = object;
export type Draft = Record<string, unknown>;
export type Patch = Record<string, unknown>;

export interface ResourceListInput {
  /** What the actors act on: a repository, a namespace, nothing (null) for users. */
  scope: ListScope;
  texts: ResourceListTexts;
  /** The create modal's starting values (docs/spec.md 9: new-secret defaults and the like). */
  initialDraft: Draft;
  /** Rows rendered before 'Show More' (docs/spec.md 9: 1000 users); absent means all. */
  pageSize?: number;
}

export interface ResourceListContext extends ResourceListInput {
  items: ListItem[];
  loadError: string | null;
  draft: Draft;
  /** The item being edited or removed: a reference into `items`. */
  target: ListItem | null;
  patch: Patch | null;
  /**
   * Why the create form was refused before any request (a name no URL can address), until the
   * draft changes.
   */
  draftError: Message | null;
  /** The last created item, as the server answered it (a machine user's token is shown once). */
  created: ListItem | null;
  /** How many rows are rendered (grows by `pageSize` with 'Show More'); null: all of them. */
  visible: number | null;
}

export type ResourceListEvent =
  | { type: 'list.reload' }
  | { type: 'list.showMore' }
  | { type: 'create.open' }
  | { type: 'draft.change'; changes: Draft }
  | { type: 'create.submit' }
  | { type: 'create.cancel' }
  | { type: 'created.dismiss' }
  | { type: 'edit.open'; item: ListItem; patch: Patch }
  | { type: 'patch.change'; changes: Patch }
  | { type: 'edit.submit' }
  | { type: 'edit.cancel' }
  | { type: 'remove.request'; item: ListItem }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' };
