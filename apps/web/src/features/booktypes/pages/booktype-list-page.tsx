import { Badge, Group, Text } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { useTranslation } from 'react-i18next';
import { BookTypeIcon } from '@/components/ui/booktype-icon';
import { ListPage } from '@/components/ui/list-page/list-page';
import type { ListColumn } from '@/components/ui/list-page/list-types';
import { useListState } from '@/components/ui/list-page/use-list-state';
import { useServiceIntervals } from '@/lib/service-intervals';
import { useDeleteBookType } from '../api/delete-booktype';
import { useBookTypes } from '../api/get-booktypes';

type BookTypeSortField = 'type' | 'component';

/** booktype_list (admins): the book types with their intervals; a row opens the book type. */
export function BookTypeListPage() {
  const { t } = useTranslation();
  const intervals = useServiceIntervals();
  const list = useListState<BookTypeSortField>({ sortFields: ['type', 'component'] });
  const bookTypes = useBookTypes(list.apiParams);
  const remove = useDeleteBookType();
  const editPath = (bookType: BookType) => screenPath('booktype', { slug: bookType._id });

  const columns: ListColumn<BookType, BookTypeSortField>[] = [
    {
      key: 'type',
      header: t('books.bookTypes.fields.type'),
      sort: 'type',
      cell: (b) => (
        <Group gap="sm" wrap="nowrap">
          <BookTypeIcon icon={b.icon} color={b.color} />
          <Text fw={500} size="sm">
            {b.type}
          </Text>
        </Group>
      ),
    },
    { key: 'component', header: t('books.bookTypes.fields.component'), sort: 'component', cell: (b) => b.component },
    {
      key: 'serviceinterval',
      header: t('books.bookTypes.fields.serviceinterval'),
      cell: (b) => intervals.labelOf(b.serviceinterval),
    },
    {
      key: 'selfserviceinterval',
      header: t('books.bookTypes.fields.selfserviceinterval'),
      cell: (b) => intervals.labelOf(b.selfserviceinterval),
    },
    {
      key: 'active',
      header: t('books.bookTypes.fields.active'),
      cell: (b) => (
        <Badge variant="light" color={b.active ? 'teal' : 'gray'} tt="none">
          {b.active ? t('common.yes') : t('common.no')}
        </Badge>
      ),
    },
  ];

  return (
    <ListPage
      title={t('books.bookTypes.title')}
      newItem={{ to: screenPath('booktype', { slug: 'new' }), testId: 'booktype-new' }}
      searchPlaceholder={t('books.bookTypes.searchPlaceholder')}
      list={list}
      query={bookTypes}
      columns={columns}
      rowKey={(b) => b._id}
      rowTo={editPath}
      rowActions={{
        edit: editPath,
        remove: {
          title: t('books.bookTypes.deleteTitle'),
          message: (b) => t('books.bookTypes.deleteConfirm', { type: b.type }),
          run: (b) => remove.mutateAsync(b._id),
        },
      }}
      emptyText={t('books.bookTypes.empty')}
      testId="booktype"
      minWidth={720}
    />
  );
}
