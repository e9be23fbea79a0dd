import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { onDemand } from '../../boot/OnDemand';
import { NotFoundPage } from '../shell/NotFound';
import type { User } from '../../api/types';
import {
  selectHasMore,
  selectItems,
  selectVisibleCount,
} from '../../machines/settings/resourceList.selectors';
import { usersInput, usersMachine, type UserPatch } from '../../machines/settings/resourceLists';
import {
  ListBody,
  ListModals,
  NewItemButton,
  SectionHeader,
  type ListActor,
} from '../settings/ListParts';
import { useCurrentUser } from '../shell/session';
import { usePageTitle } from '../shell/title';
import { Button, Page, PageHeader, Row, Tabs, useNow, useT } from '../ui';
import { EditUserModal, MachineTokenModal, NewUserModal } from './UserModals';
import { UsersTable } from './UsersTable';
import { adminTabs } from './adminTabs';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/admin';

// docs/spec.md 2.13: system administration (/settings/users; /settings redirects here; admins only),
// and the queue (/settings/queue, issue 31 part 4). One route takes /settings/*, so the first
// screen's route table carries no line per section; this chunk picks the section.

const QueuePage = onDemand(() => import('./QueuePage').then((m) => m.QueuePage));

export function AdminPage() {
  const [location] = useLocation();
  if (location === '/settings/users') return <UsersPage />;
  if (location === '/settings/queue') return <QueuePage />;
  return <NotFoundPage />;
}

function UsersPage() {
  const t = useT();
  usePageTitle(t('admin.title'));
  const actor = useInspectedActorRef(usersMachine, { input: usersInput });
  return (
    <Page>
      <PageHeader>
        <h1>{t('admin.title')}</h1>
      </PageHeader>
      <Tabs label={t('admin.title')} items={adminTabs(t)} />
      <SectionHeader>
        <span />
        <NewItemButton actor={actor} label={t('admin.newUser')} />
      </SectionHeader>
      <ListBody actor={actor} emptyTitle={t('admin.noUsers')} emptyText="">
        <UserList actor={actor} />
      </ListBody>
      <ListModals
        actor={actor}
        createModal={<NewUserModal actor={actor} />}
        editModal={<EditUserModal actor={actor} />}
      >
        <MachineTokenModal actor={actor} />
      </ListModals>
    </Page>
  );
}

function UserList({ actor }: { actor: ListActor }) {
  const t = useT();
  const users = useSelector(actor, selectItems<User>);
  const visibleCount = useSelector(actor, selectVisibleCount);
  const hasMore = useSelector(actor, selectHasMore);
  const currentLogin = useCurrentUser()?.login;
  // Relative times to the minute: the table re-renders once a minute, not every second.
  const now = Math.ceil(useNow() / 60_000) * 60_000;
  // docs/spec.md 9: the first 1000 users, then 'Show More'.
  const visible = useMemo(
    () => (visibleCount === null ? users : users.slice(0, visibleCount)),
    [users, visibleCount],
  );
  const onEdit = useCallback(
    (user: User) =>
      actor.send({
        type: 'edit.open',
        item: user,
        patch: { admin: user.admin } satisfies UserPatch,
      }),
    [actor],
  );
  return (
    <>
      <UsersTable users={visible} currentLogin={currentLogin} now={now} onEdit={onEdit} />
      {hasMore ? (
        <Row css={{ justifyContent: 'center', marginTop: '$3' }}>
          <Button onClick={() => actor.send({ type: 'list.showMore' })}>
            {t('admin.showMore')}
          </Button>
        </Row>
      ) : null}
    </>
  );
}
