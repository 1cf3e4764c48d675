import { Badge, Button, Group } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { User } from '@pruefbuch/domain/schemas/user';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '@/components/ui/list-page/list-page';
import type { ListColumn } from '@/components/ui/list-page/list-types';
import { useListState } from '@/components/ui/list-page/use-list-state';
import { useSession } from '@/lib/session';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { labelOf } from '../lookup-options';

type UserSortField = 'name' | 'email' | 'role';

/** useradministration_list (admins): every account, searched by name or email; a row opens the account. */
export function UserListPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const list = useListState<UserSortField>({ sortFields: ['name', 'email', 'role'] });
  const users = useUsers(list.apiParams);
  const remove = useDeleteUser();
  const editPath = (user: User) => screenPath('useradministration', { slug: user._id });

  const columns: ListColumn<User, UserSortField>[] = [
    { key: 'name', header: t('users.fields.name'), sort: 'name', cell: (u) => `${u.firstName} ${u.lastName}` },
    { key: 'email', header: t('users.fields.email'), sort: 'email', cell: (u) => u.email },
    {
      key: 'role',
      header: t('users.fields.role'),
      sort: 'role',
      cell: (u) => (
        <Badge variant="light" color={u.role === 1 ? 'grape' : 'blue'} tt="none">
          {labelOf(t, 'roles', u.role)}
        </Badge>
      ),
    },
    { key: 'status', header: t('users.fields.status'), cell: (u) => (hasBadges(u) ? <UserBadges user={u} /> : null) },
  ];

  return (
    <ListPage
      title={t('users.admin.listTitle')}
      actions={
        <Button component={Link} to={screenPath('register')} variant="default" leftSection={<IconUserPlus size={16} />}>
          {t('users.admin.register')}
        </Button>
      }
      newItem={{ to: screenPath('useradministration', { slug: 'new' }), testId: 'user-new' }}
      searchPlaceholder={t('users.admin.searchPlaceholder')}
      list={list}
      query={users}
      columns={columns}
      rowKey={(u) => u._id}
      rowTo={editPath}
      rowActions={{
        edit: editPath,
        remove: {
          title: t('users.admin.deleteTitle'),
          message: (u) => t('users.admin.deleteConfirm', { name: `${u.firstName} ${u.lastName}` }),
          run: (u) => remove.mutateAsync(u._id),
          // Nobody deletes their own account here.
          allowed: (u) => u._id !== session?.userId,
          testId: 'user-delete',
        },
      }}
      testId="user"
      minWidth={720}
    />
  );
}

const hasBadges = (user: User) => user.isResigned || !user.isVerified || user.is2FaUsed;

function UserBadges({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {user.isResigned ? (
        <Badge color="red" variant="dot" tt="none">
          {t('users.fields.resigned')}
        </Badge>
      ) : null}
      {!user.isVerified ? (
        <Badge color="yellow" variant="dot" tt="none">
          {t('users.fields.notVerified')}
        </Badge>
      ) : null}
      {user.is2FaUsed ? (
        <Badge color="teal" variant="dot" tt="none">
          {t('users.fields.twoFa')}
        </Badge>
      ) : null}
    </Group>
  );
}
