import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { resourceListMachine } from '../../machines/resourceList.machine';
import {
  selectIsConfirmingRemoval,
  selectIsLoading,
  selectIsRemoving,
  selectItems,
  selectLoadError,
} from '../../machines/resourceList.selectors';
import { Button, ConfirmDialog, EmptyState, Loading, Notice, Row, SectionTitle } from '../ui';
import { styled } from '../ui/theme';

// The parts every resourceList screen shares (secrets, org secrets, cron, templates, users).

export type ListActor = ActorRefFrom<typeof resourceListMachine>;

export const SectionHeader = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  marginBottom: '$3',
  h2: { margin: 0 },
});

export const RowActions = styled('td', {
  width: '1%',
  whiteSpace: 'nowrap',
  textAlign: 'right !important',
});

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
      <Button variant="primary" onClick={() => actor.send({ type: 'create.open' })}>
        {newLabel}
      </Button>
    </SectionHeader>
  );
}

/** Loading, load failure (SPEC 8 message), empty state, or the list itself. */
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
    return (
      <>
        <Notice tone="danger" role="alert">
          {loadError}
        </Notice>
        <Row css={{ marginTop: '$3' }}>
          <Button onClick={() => actor.send({ type: 'list.reload' })}>Try again</Button>
        </Row>
      </>
    );
  }
  if (isEmpty) return <EmptyState title={emptyTitle}>{emptyText}</EmptyState>;
  return <>{children}</>;
}

/** SPEC 5: the confirm before a delete, with the screen's SPEC 8 prompt. */
export function RemoveConfirm({ actor }: { actor: ListActor }) {
  const isConfirming = useSelector(actor, selectIsConfirmingRemoval);
  const isRemoving = useSelector(actor, selectIsRemoving);
  const message = useSelector(actor, (snapshot) => snapshot.context.texts.confirmRemove);
  if (!isConfirming && !isRemoving) return null;
  return (
    <ConfirmDialog
      message={message}
      confirmLabel="Delete"
      busy={isRemoving}
      onConfirm={() => actor.send({ type: 'remove.confirm' })}
      onCancel={() => actor.send({ type: 'remove.cancel' })}
    />
  );
}

/** A row's delete button (an icon with a label for screen readers). */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="small" variant="danger" aria-label={label} title={label} onClick={onClick}>
      Delete
    </Button>
  );
}
