import { memo } from 'react';
import type { User } from '../../api/types';
import { ListTable, RowActions } from '../settings/ListParts';
import { Avatar, Button, UserText, formatDate, formatRelative, useT } from '../ui';
import { showInvisibles } from '../../text/invisibles';
import '../../i18n/en/admin';
import '../../i18n/en/editing';

// docs/spec.md 2.13: the user list. Renders from props alone, so the row rules can be tested directly.

/** Memoised: with up to 1000 rows it re-renders only when its props change. */
export const UsersTable = memo(function UsersTable({
  users,
  currentLogin,
  now,
  onEdit,
}: {
  users: User[];
  /** The signed-in administrator: their own row has no edit button (docs/spec.md 6). */
  currentLogin: string | undefined;
  now: number;
  onEdit: (user: User) => void;
}) {
  const t = useT();
  return (
    <ListTable
      columns={[
        <span key="avatar" className="visually-hidden">
          {t('admin.columns.avatar')}
        </span>,
        t('admin.columns.username'),
        t('admin.columns.active'),
        t('admin.columns.type'),
        t('admin.columns.role'),
        t('admin.columns.created'),
        t('admin.columns.lastLogin'),
      ]}
    >
      {users.map((user) => (
        <tr key={user.id} data-testid="user-row">
          <td>
            <Avatar src={user.avatar} name={user.login} size={24} />
          </td>
          <td data-label={t('admin.columns.username')}>
            <UserText>{user.login}</UserText>
          </td>
          <td data-label={t('admin.columns.active')}>
            {user.active ? t('admin.active') : t('admin.inactive')}
          </td>
          <td data-label={t('admin.columns.type')}>
            {user.machine ? t('admin.machine') : t('admin.user')}
          </td>
          <td data-label={t('admin.columns.role')}>
            {user.admin ? t('admin.admin') : t('admin.member')}
          </td>
          <td data-label={t('admin.columns.created')} title={formatDate(user.created)}>
            {formatRelative(user.created, now)}
          </td>
          {/* Blank when the user never signed in (0). */}
          <td data-label={t('admin.columns.lastLogin')} title={formatDate(user.last_login)}>
            {formatRelative(user.last_login, now)}
          </td>
          <RowActions>
            {user.login === currentLogin ? null : (
              <Button
                size="small"
                aria-label={t('admin.editUser', { login: showInvisibles(user.login) })}
                onClick={() => onEdit(user)}
              >
                {t('common.edit')}
              </Button>
            )}
          </RowActions>
        </tr>
      ))}
    </ListTable>
  );
});
