import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { ActionsHeader, RowActions } from '../ui/Table';
import type { ActorRefFrom } from 'xstate';
import type { resourceListMachine } from '../../machines/settings/resourceList.machine';
import {
  selectDraft,
  selectDraftError,
  selectIsConfirmingRemoval,
  selectIsCreating,
  selectIsEditing,
  selectIsLoading,
  selectIsRemoving,
  selectIsSubmitting,
  selectItems,
  selectLoadError,
} from '../../machines/settings/resourceList.selectors';
import {
  Button,
  EmptyState,
  LoadFailed,
  Loading,
  Notice,
  SectionTitle,
  UserText,
  useT,
} from '../ui';
import { ConfirmDialog, Modal, ModalFooter } from '../ui/Modal';
import { Table, TableScroll } from '../ui/Table';
import { styled } from '../ui/theme';
import { showInvisibles } from '../../text/invisibles';
import '../../i18n/en/settings';
import '../../i18n/en/editing';

// The parts every resourceList screen shares (secrets, org secrets, cron, templates, users), so
// each screen declares only its columns and form fields.

export type ListActor = ActorRefFrom<typeof resourceListMachine>;

export const SectionHeader = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  marginBottom: '$3',
  h2: { margin: 0 },
});

export { RowActions };

/** A section title with its 'New ...' button. */
export function ListHeader({
  title,
  newLabel,
  actor,
}: {
  title: string;
  newLabel: string;
  actor: ListActor;
}) {
  return (
    <SectionHeader>
      <SectionTitle>{title}</SectionTitle>
      <NewItemButton actor={actor} label={newLabel} />
    </SectionHeader>
  );
}

/** A list's 'New ...' button, which opens its create form. */
export function NewItemButton({ actor, label }: { actor: ListActor; label: string }) {
  // Enabled once the machine takes it (the list has loaded): a click must never be dropped.
  const canCreate = useSelector(actor, (snapshot) => snapshot.can({ type: 'create.open' }));
  return (
    <Button
      variant="primary"
      disabled={!canCreate}
      onClick={() => actor.send({ type: 'create.open' })}
    >
      {label}
    </Button>
  );
}

/** Loading, load failure (docs/spec.md 8 message), empty state, or the list itself. */
export function ListBody({
  actor,
  emptyTitle,
  emptyText,
  children,
}: {
  actor: ListActor;
  emptyTitle: string;
  emptyText: string;
  children: ReactNode;
}) {
  const isLoading = useSelector(actor, selectIsLoading);
  const loadError = useSelector(actor, selectLoadError);
  const isEmpty = useSelector(actor, (snapshot) => selectItems(snapshot).length === 0);
  if (isLoading) return <Loading />;
  if (loadError !== null) {
    return <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'list.reload' })} />;
  }
  if (isEmpty) return <EmptyState title={emptyTitle}>{emptyText}</EmptyState>;
  return <>{children}</>;
}

/** docs/spec.md 5: the confirm before a delete, with the screen's docs/spec.md 8 prompt. */
export function RemoveConfirm({ actor }: { actor: ListActor }) {
  const t = useT();
  const isConfirming = useSelector(actor, selectIsConfirmingRemoval);
  const isRemoving = useSelector(actor, selectIsRemoving);
  const message = useSelector(actor, (snapshot) => snapshot.context.texts.confirmRemove);
  if (!isConfirming && !isRemoving) return null;
  return (
    <ConfirmDialog
      message={t(message)}
      confirmLabel={t('common.delete')}
      busy={isRemoving}
      onConfirm={() => actor.send({ type: 'remove.confirm' })}
      onCancel={() => actor.send({ type: 'remove.cancel' })}
    />
  );
}

/** A row's delete button (an icon with a label for screen readers); `label` names the item. */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  const t = useT();
  const shown = showInvisibles(label);
  return (
    <Button size="small" variant="danger" aria-label={shown} title={shown} onClick={onClick}>
      {t('common.delete')}
    </Button>
  );
}

/**
 * A settings list screen (docs/spec.md 2.12): title with its 'New ...' button, the list's loading,
 * failure and empty states, and its modals.
 */
export function ListSection({
  actor,
  title,
  newLabel,
  emptyTitle,
  emptyText,
  createModal,
  editModal,
  children,
}: {
  actor: ListActor;
  title: string;
  newLabel: string;
  emptyTitle: string;
  emptyText: string;
  createModal: ReactNode;
  editModal?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title}>
      <ListHeader title={title} newLabel={newLabel} actor={actor} />
      <ListBody actor={actor} emptyTitle={emptyTitle} emptyText={emptyText}>
        {children}
      </ListBody>
      <ListModals actor={actor} createModal={createModal} editModal={editModal} />
    </section>
  );
}

/** The create and edit modals while the machine is in those states, and the delete confirm. */
export function ListModals({
  actor,
  createModal,
  editModal,
  children,
}: {
  actor: ListActor;
  createModal: ReactNode;
  editModal?: ReactNode;
  /** Further dialogs of the screen (the machine user's token). */
  children?: ReactNode;
}) {
  const isCreating = useSelector(actor, selectIsCreating);
  const isEditing = useSelector(actor, selectIsEditing);
  return (
    <>
      {isCreating ? createModal : null}
      {isEditing ? editModal : null}
      {children}
      <RemoveConfirm actor={actor} />
    </>
  );
}

/** A list table: the screen's column headers, then the row actions' (hidden) header. */
export function ListTable({ columns, children }: { columns: ReactNode[]; children: ReactNode }) {
  const t = useT();
  return (
    <TableScroll>
      <Table stacked>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
            <ActionsHeader scope="col">
              <span className="visually-hidden">{t('settings.list.actions')}</span>
            </ActionsHeader>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </TableScroll>
  );
}

/** The create modal's draft, and how a field changes it. */
export function useDraft<TDraft>(actor: ListActor) {
  const draft = useSelector(actor, selectDraft<TDraft>);
  const change = (changes: Partial<TDraft>) => actor.send({ type: 'draft.change', changes });
  return [draft, change] as const;
}

/**
 * docs/spec.md 2.12, 2.13: a create or edit form in a modal, with Cancel and its submit button.
 * Submit is enabled only when the machine takes it: not while a request is in flight, nor while
 * the form holds what the screen refuses to send (an invalid cron expression). A create the
 * machine refused before any request (a name no URL can reach) says why above the buttons.
 */
export function FormModal({
  actor,
  mode,
  title,
  submitLabel,
  size,
  children,
}: {
  actor: ListActor;
  mode: 'create' | 'edit';
  title: string;
  submitLabel: string;
  size?: 'wide';
  children: ReactNode;
}) {
  const t = useT();
  const isSubmitting = useSelector(actor, selectIsSubmitting);
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: `${mode}.submit` }));
  const draftError = useSelector(actor, selectDraftError);
  const cancel = () => actor.send({ type: `${mode}.cancel` });
  return (
    <Modal title={title} size={size} onClose={cancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: `${mode}.submit` });
        }}
      >
        {children}
        {mode === 'create' && draftError !== null ? (
          <Notice tone="danger" role="alert">
            <UserText>{t(draftError.key, draftError.values)}</UserText>
          </Notice>
        ) : null}
        <ModalFooter>
          <Button onClick={cancel} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={!canSubmit}>
            {submitLabel}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
