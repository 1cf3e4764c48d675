import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { DEFAULT_PAGE_SIZE } from '@pruefbuch/domain/constants';
import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BookTypeIcon } from '@/components/ui/booktype-icon';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { EmptyTableRow, ListPagination, ListSearchBar, RowAction, RowActionsCell } from '@/components/ui/list-parts';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { SortHeader } from '@/components/ui/sort-header';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useServiceIntervals } from '@/lib/service-intervals';
import { useListParams } from '@/lib/use-list-params';
import { useDeleteBookType } from '../api/delete-booktype';
import { type BookTypeSort, useBookTypes } from '../api/get-booktypes';

const SORTS: readonly BookTypeSort[] = ['type', '-type', 'component', '-component'];

/** booktype_list (admins): the book types with their intervals; a row opens the book type. */
export function BookTypeListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const intervals = useServiceIntervals();
  const list = useListParams(SORTS, 'type');
  const bookTypes = useBookTypes({ page: list.page, size: DEFAULT_PAGE_SIZE, search: list.query, sort: list.sort });
  const remove = useDeleteBookType();

  const sortHeader = (column: string, label: string) => <SortHeader label={label} {...list.sortHeader(column)} />;

  const askDelete = (bookType: BookType) =>
    confirmDelete({
      title: t('books.bookTypes.deleteTitle'),
      message: t('books.bookTypes.deleteConfirm', { type: bookType.type }),
      onConfirm: () =>
        remove.mutate(bookType._id, { onSuccess: () => notifySuccess('deleted'), onError: notifySaveFailed }),
    });

  const data = bookTypes.data;

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
      <ListSearchBar
        value={list.search}
        onChange={list.setSearch}
        placeholder={t('books.bookTypes.searchPlaceholder')}
        total={data?.total}
      />

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
                {data.docs.length === 0 ? <EmptyTableRow colSpan={6} text={t('books.bookTypes.empty')} /> : null}
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
                      <RowActionsCell>
                        <RowAction label={t('common.actions.edit')} icon={<IconPencil size={18} />} to={editPath} />
                        <RowAction
                          label={t('common.actions.delete')}
                          icon={<IconTrash size={18} />}
                          color="red"
                          onClick={() => askDelete(bookType)}
                        />
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
