import { Badge, Button, Group, Paper, Stack, Table } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { DEFAULT_PAGE_SIZE } from '@pruefbuch/domain/constants';
import type { User } from '@pruefbuch/domain/schemas/user';
import { IconPencil, IconPlus, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { EmptyTableRow, ListPagination, ListSearchBar, RowAction, RowActionsCell } from '@/components/ui/list-parts';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { SortHeader } from '@/components/ui/sort-header';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useListParams } from '@/lib/use-list-params';
import { useDeleteUser } from '../api/delete-user';
import { type UserSort, useUsers } from '../api/get-users';
import { labelOf } from '../lookup-options';

const SORTS: readonly UserSort[] = ['name', '-name', 'email', '-email', 'role', '-role'];

export function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();
  const list = useListParams(SORTS, 'name');
  const users = useUsers({ page: list.page, size: DEFAULT_PAGE_SIZE, search: list.query, sort: list.sort });
  const remove = useDeleteUser();
  const sortHeader = (column: string, label: string) => <SortHeader label={label} {...list.sortHeader(column)} />;

  const askDelete = (user: User) =>
    confirmDelete({
      title: t('users.admin.deleteTitle'),
      message: t('users.admin.deleteConfirm', { name: `${user.firstName} ${user.lastName}` }),
      onConfirm: () =>
        remove.mutate(user._id, { onSuccess: () => notifySuccess('deleted'), onError: notifySaveFailed }),
    });

  const data = users.data;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('users.admin.listTitle')}
        actions={
          <>
            <Button
              component={Link}
              to={screenPath('register')}
              variant="default"
              leftSection={<IconUserPlus size={16} />}
            >
              {t('users.admin.register')}
            </Button>
            <Button
              component={Link}
              to={screenPath('useradministration', { slug: 'new' })}
              leftSection={<IconPlus size={16} />}
              data-testid="user-new"
            >
              {t('common.actions.new')}
            </Button>
          </>
        }
      />
      <ListSearchBar value={list.search} onChange={list.setSearch} total={data?.total} testId="user-search" />

      {users.isError ? <LoadError error={users.error} onRetry={() => void users.refetch()} /> : null}
      {users.isPending ? <PageLoader /> : null}
      {data ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={720}>
            <Table striped={false} data-testid="user-table" style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  {sortHeader('name', t('users.fields.name'))}
                  {sortHeader('email', t('users.fields.email'))}
                  {sortHeader('role', t('users.fields.role'))}
                  <Table.Th>{t('users.fields.status')}</Table.Th>
                  <Table.Th w={96} ta="right">
                    {t('common.table.actions')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.docs.length === 0 ? <EmptyTableRow colSpan={5} /> : null}
                {data.docs.map((user) => {
                  const editPath = screenPath('useradministration', { slug: user._id });
                  return (
                    <Table.Tr
                      key={user._id}
                      onClick={() => navigate(editPath)}
                      style={{ cursor: 'pointer' }}
                      data-testid="user-row"
                    >
                      <Table.Td fw={500}>
                        {user.firstName} {user.lastName}
                      </Table.Td>
                      <Table.Td>{user.email}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={user.role === 1 ? 'grape' : 'blue'} tt="none">
                          {labelOf(t, 'roles', user.role)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
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
                      </Table.Td>
                      <RowActionsCell>
                        <RowAction label={t('common.actions.edit')} icon={<IconPencil size={18} />} to={editPath} />
                        {user._id !== session?.userId ? (
                          <RowAction
                            label={t('common.actions.delete')}
                            icon={<IconTrash size={18} />}
                            color="red"
                            onClick={() => askDelete(user)}
                            testId="user-delete"
                          />
                        ) : null}
                      </RowActionsCell>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}
      <ListPagination pages={data?.pages} page={list.page} onChange={list.setPage} />
    </Stack>
  );
}
