import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { screenPath } from '@pruefbuch/domain/access';
import { DEFAULT_PAGE_SIZE } from '@pruefbuch/domain/constants';
import type { User } from '@pruefbuch/domain/schemas/user';
import { IconPencil, IconPlus, IconSearch, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { SortHeader } from '@/components/ui/sort-header';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { useDeleteUser } from '../api/delete-user';
import { type UserSort, useUsers } from '../api/get-users';
import { labelOf } from '../lookup-options';

const SORTS: readonly UserSort[] = ['name', '-name', 'email', '-email', 'role', '-role'];
const isSort = (value: string | null): value is UserSort => SORTS.includes(value as UserSort);
type Column = 'name' | 'email' | 'role';

export function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();
  const [params, update] = useUrlParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortParam = params.get('sort');
  const sort: UserSort = isSort(sortParam) ? sortParam : 'name';
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);

  // A new search starts on page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the search term triggers this
  useEffect(() => {
    if ((params.get('search') ?? '') !== debouncedSearch) update({ search: debouncedSearch || null, page: null });
  }, [debouncedSearch]);

  const users = useUsers({ page, size: DEFAULT_PAGE_SIZE, search: debouncedSearch || undefined, sort });
  const remove = useDeleteUser();

  const sortBy = (column: Column) => update({ sort: sort === column ? `-${column}` : column, page: null });
  const sortHeader = (column: Column, label: string) => (
    <SortHeader
      label={label}
      active={sort.replace('-', '') === column}
      descending={sort.startsWith('-')}
      onSort={() => sortBy(column)}
    />
  );

  const confirmDelete = (user: User) =>
    modals.openConfirmModal({
      title: t('users.admin.deleteTitle'),
      children: <Text size="sm">{t('users.admin.deleteConfirm', { name: `${user.firstName} ${user.lastName}` })}</Text>,
      labels: { confirm: t('common.actions.delete'), cancel: t('common.actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as never,
      onConfirm: () =>
        remove.mutate(user._id, { onSuccess: () => notifySuccess('deleted'), onError: notifySaveFailed }),
    });

  const data = users.data;
  const totalPages = Math.max(1, Math.ceil(data?.pages ?? 1));

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
      <Group justify="space-between" gap="sm">
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          placeholder={t('common.table.searchPlaceholder')}
          aria-label={t('common.table.search')}
          w={{ base: '100%', sm: 360 }}
          data-testid="user-search"
        />
        {data ? (
          <Text size="sm" c="dimmed">
            {t('common.table.total', { count: data.total })}
          </Text>
        ) : null}
      </Group>

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
                {data.docs.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="md">
                        {t('common.table.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
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
                      <Table.Td onClick={(event) => event.stopPropagation()}>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Tooltip label={t('common.actions.edit')}>
                            <ActionIcon
                              component={Link}
                              to={editPath}
                              variant="subtle"
                              aria-label={t('common.actions.edit')}
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                          {user._id !== session?.userId ? (
                            <Tooltip label={t('common.actions.delete')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                onClick={() => confirmDelete(user)}
                                aria-label={t('common.actions.delete')}
                                data-testid="user-delete"
                              >
                                <IconTrash size={18} />
                              </ActionIcon>
                            </Tooltip>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}
      {totalPages > 1 ? (
        <Group justify="center">
          <Pagination
            total={totalPages}
            value={Math.min(page, totalPages)}
            onChange={(next) => update({ page: next === 1 ? null : String(next) })}
            size="sm"
            siblings={1}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
