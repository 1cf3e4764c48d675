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
import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BookTypeIcon } from '@/components/ui/booktype-icon';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { SortHeader } from '@/components/ui/sort-header';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useServiceIntervals } from '@/lib/service-intervals';
import { useUrlParams } from '@/lib/use-url-params';
import { useDeleteBookType } from '../api/delete-booktype';
import { type BookTypeSort, useBookTypes } from '../api/get-booktypes';

const SORTS: readonly BookTypeSort[] = ['type', '-type', 'component', '-component'];
const isSort = (value: string | null): value is BookTypeSort => SORTS.includes(value as BookTypeSort);
type Column = 'type' | 'component';

/** booktype_list (admins): the book types with their intervals; a row opens the book type. */
export function BookTypeListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const intervals = useServiceIntervals();
  const [params, update] = useUrlParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortParam = params.get('sort');
  const sort: BookTypeSort = isSort(sortParam) ? sortParam : 'type';
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the search term triggers this
  useEffect(() => {
    if ((params.get('search') ?? '') !== debouncedSearch) update({ search: debouncedSearch || null, page: null });
  }, [debouncedSearch]);

  const bookTypes = useBookTypes({ page, size: DEFAULT_PAGE_SIZE, search: debouncedSearch || undefined, sort });
  const remove = useDeleteBookType();

  const sortHeader = (column: Column, label: string) => (
    <SortHeader
      label={label}
      active={sort.replace('-', '') === column}
      descending={sort.startsWith('-')}
      onSort={() => update({ sort: sort === column ? `-${column}` : column, page: null })}
    />
  );

  const confirmDelete = (bookType: BookType) =>
    modals.openConfirmModal({
      title: t('books.bookTypes.deleteTitle'),
      children: <Text size="sm">{t('books.bookTypes.deleteConfirm', { type: bookType.type })}</Text>,
      labels: { confirm: t('common.actions.delete'), cancel: t('common.actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as never,
      onConfirm: () =>
        remove.mutate(bookType._id, { onSuccess: () => notifySuccess('deleted'), onError: notifySaveFailed }),
    });

  const data = bookTypes.data;
  const totalPages = Math.max(1, Math.ceil(data?.pages ?? 1));

  return (
    <Stack gap="md">
      <PageHeader
        title={t('books.bookTypes.title')}
        actions={
          <Button
            component={Link}
            to={screenPath('booktype', { slug: 'new' })}
            leftSection={<IconPlus size={16} />}
            data-testid="booktype-new"
          >
            {t('common.actions.new')}
          </Button>
        }
      />
      <Group justify="space-between" gap="sm">
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          placeholder={t('books.bookTypes.searchPlaceholder')}
          aria-label={t('common.table.search')}
          w={{ base: '100%', sm: 360 }}
        />
        {data ? (
          <Text size="sm" c="dimmed">
            {t('common.table.total', { count: data.total })}
          </Text>
        ) : null}
      </Group>

      {bookTypes.isError ? <LoadError error={bookTypes.error} onRetry={() => void bookTypes.refetch()} /> : null}
      {bookTypes.isPending ? <PageLoader /> : null}
      {data ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={720}>
            <Table data-testid="booktype-table" style={{ opacity: bookTypes.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  {sortHeader('type', t('books.bookTypes.fields.type'))}
                  {sortHeader('component', t('books.bookTypes.fields.component'))}
                  <Table.Th>{t('books.bookTypes.fields.serviceinterval')}</Table.Th>
                  <Table.Th>{t('books.bookTypes.fields.selfserviceinterval')}</Table.Th>
                  <Table.Th>{t('books.bookTypes.fields.active')}</Table.Th>
                  <Table.Th w={96} ta="right">
                    {t('common.table.actions')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.docs.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text c="dimmed" ta="center" py="md">
                        {t('books.bookTypes.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {data.docs.map((bookType) => {
                  const editPath = screenPath('booktype', { slug: bookType._id });
                  return (
                    <Table.Tr
                      key={bookType._id}
                      onClick={() => navigate(editPath)}
                      style={{ cursor: 'pointer' }}
                      data-testid="booktype-row"
                    >
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <BookTypeIcon icon={bookType.icon} color={bookType.color} />
                          <Text fw={500} size="sm">
                            {bookType.type}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>{bookType.component}</Table.Td>
                      <Table.Td>{intervals.labelOf(bookType.serviceinterval)}</Table.Td>
                      <Table.Td>{intervals.labelOf(bookType.selfserviceinterval)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={bookType.active ? 'teal' : 'gray'} tt="none">
                          {bookType.active ? t('common.yes') : t('common.no')}
                        </Badge>
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
                          <Tooltip label={t('common.actions.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => confirmDelete(bookType)}
                              aria-label={t('common.actions.delete')}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
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
