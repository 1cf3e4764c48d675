import { Badge, Button, Group, Stack } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { User } from '@pruefbuch/domain/schemas/user';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListPage } from '@/components/ui/list-page/list-page';
import type { ListColumn } from '@/components/ui/list-page/list-types';
import { useListState } from '@/components/ui/list-page/use-list-state';
import { PageHeader } from '@/components/ui/page-header';
import { Segments } from '@/components/ui/segments';
import { useSession } from '@/lib/session';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { QualificationMatrixView } from '../components/qualification-matrix';
import { labelOf } from '../lookup-options';

type UserSortField = 'name' | 'email' | 'role';

/** 'Benutzer | Qualifikationen': the list of accounts, or the matrix of the staff's qualifications (?view=qualifications). */
function ViewSwitch({ view, onChange }: { view: 'users' | 'qualifications'; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Segments
      value={view}
      onChange={onChange}
      data={[
        { value: 'users', label: t('users.qualifications.matrix.usersTab') },
        { value: 'qualifications', label: t('users.qualifications.matrix.tab') },
      ]}
      aria-label={t('users.qualifications.matrix.view')}
      data-testid="user-view"
    />
  );
}

/**
 * useradministration_list (admins): every account, searched by name or email; a row opens the account.
 * ?view=qualifications shows the matrix of people × qualifications instead (decision 055).
 */
export function UserListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'qualifications' ? 'qualifications' : 'users';
  const switchView = (v: string) => setParams(v === 'qualifications' ? { view: v } : {}, { replace: true });
  if (view === 'qualifications') {
    return (
      <Stack gap="md">
        <PageHeader
          title={t('users.qualifications.matrix.title')}
          actions={<ViewSwitch view={view} onChange={switchView} />}
        />
        <QualificationMatrixView />
      </Stack>
    );
  }
  return <UserList view={<ViewSwitch view={view} onChange={switchView} />} />;
}

function UserList({ view }: { view: React.ReactNode }) {
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
        <>
          {view}
          <Button
            component={Link}
            to={screenPath('register')}
            variant="default"
            leftSection={<IconUserPlus size={16} />}
          >
            {t('users.admin.register')}
          </Button>
        </>
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
