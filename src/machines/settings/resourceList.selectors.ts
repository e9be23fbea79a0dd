import type { ResourceListContext } from './resourceList.types';

// Selectors shared by every list screen; type parameters name the screen's own types.

type ListStateValue =
  | 'loading'
  | 'failed'
  | { ready: 'idle' | 'creating' | 'editing' | 'confirmingRemoval' | 'removing' }
  | { ready: { creating: 'form' | 'submitting' } }
  | { ready: { editing: 'form' | 'submitting' } };

/** What the selectors read: the snapshot of any provided variant of the machine. */
export interface ListSnapshot {
  context: ResourceListContext;
  matches(value: ListStateValue): boolean;
}

export const selectItems = <I>(snapshot: ListSnapshot) => snapshot.context.items as I[];
/** How many rows to render (docs/spec.md 2.13's 'Show More'); null means all. */
export const selectVisibleCount = (snapshot: ListSnapshot) => snapshot.context.visible;
export const selectHasMore = (snapshot: ListSnapshot) =>
  snapshot.context.visible !== null && snapshot.context.items.length > snapshot.context.visible;
export const selectIsLoading = (snapshot: ListSnapshot) => snapshot.matches('loading');
export const selectLoadError = (snapshot: ListSnapshot) => snapshot.context.loadError;
export const selectIsCreating = (snapshot: ListSnapshot) => snapshot.matches({ ready: 'creating' });
export const selectIsSubmitting = (snapshot: ListSnapshot) =>
  snapshot.matches({ ready: { creating: 'submitting' } }) ||
  snapshot.matches({ ready: { editing: 'submitting' } });
export const selectIsEditing = (snapshot: ListSnapshot) => snapshot.matches({ ready: 'editing' });
export const selectIsConfirmingRemoval = (snapshot: ListSnapshot) =>
  snapshot.matches({ ready: 'confirmingRemoval' });
export const selectIsRemoving = (snapshot: ListSnapshot) => snapshot.matches({ ready: 'removing' });
export const selectDraft = <D>(snapshot: ListSnapshot) => snapshot.context.draft as D;
/** Why the create form was refused before any request, or null. */
export const selectDraftError = (snapshot: ListSnapshot) => snapshot.context.draftError;
export const selectPatch = <P>(snapshot: ListSnapshot) => snapshot.context.patch as P | null;
export const selectTarget = <I>(snapshot: ListSnapshot) => snapshot.context.target as I | null;
export const selectCreated = <I>(snapshot: ListSnapshot) => snapshot.context.created as I | null;
