import { Anchor, Text } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { BookListItem } from '@pruefbuch/domain/schemas/book';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '@/components/ui/list-page/list-table';
import { ListToolbar } from '@/components/ui/list-page/list-toolbar';
import type { ListColumn, ListQuery } from '@/components/ui/list-page/list-types';
import type { ListStateApi } from '@/components/ui/list-page/use-list-state';
import { AmpelBadge, BookStatusBadge } from './book-badges';

/** Columns the book list sorts by (SPEC: title, customer, site, next inspection, status). */
export const BOOK_LIST_SORTS = ['title', 'customer', 'site', 'nextInspectionDate', 'status'] as const;
export type BookListSortField = (typeof BOOK_LIST_SORTS)[number];

const place = (book: BookListItem) => [book.objectaddress?.zip, book.objectaddress?.location].filter(Boolean).join(' ');

/**
 * The books of a folder: the search with the count, a sortable table on wide screens and one card per book on
 * phones, and the pager. A row or card opens the book page.
 */
export function BookList({
  tenantId,
  list,
  query,
}: {
  tenantId: string;
  list: ListStateApi<BookListSortField>;
  query: ListQuery<BookListItem>;
}) {
  const { t } = useTranslation();
  const pathOf = (book: BookListItem) => screenPath('book_list', { tenant: tenantId, slug: book._id });

  const columns: ListColumn<BookListItem, BookListSortField>[] = [
    {
      key: 'title',
      header: t('books.fields.title'),
      sort: 'title',
      cell: (book) => (
        <>
          <Anchor component={Link} to={pathOf(book)} c="inherit" inherit>
            {book.title}
          </Anchor>
          {book.typ || book.location ? (
            <Text size="xs" c="dimmed" fw={400}>
              {[book.typ, book.location].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'customer', header: t('books.fields.customer'), sort: 'customer', cell: (book) => book.customer },
    {
      key: 'site',
      header: t('books.fields.site'),
      sort: 'site',
      cell: (book) =>
        book.site || place(book) ? (
          <>
            <Text size="sm">{book.site}</Text>
            {place(book) ? (
              <Text size="xs" c="dimmed">
                {place(book)}
              </Text>
            ) : null}
          </>
        ) : null,
    },
    {
      key: 'nextInspectionDate',
      header: t('books.fields.nextInspectionDate'),
      sort: 'nextInspectionDate',
      nowrap: true,
      cell: (book) => <AmpelBadge ampel={book.inspectionAmpel} date={book.nextInspectionDate} kind="inspection" />,
    },
    {
      key: 'status',
      header: t('books.fields.status'),
      sort: 'status',
      nowrap: true,
      cell: (book) => <BookStatusBadge status={book.status} />,
    },
  ];

  return (
    <>
      <ListToolbar
        list={list}
        total={query.data?.total}
        columns={columns}
        placeholder={t('books.list.searchShort')}
        totalLabel={(count) => t('tenants.start.bookCount', { count })}
        testId="book"
      />
      <ListTable
        list={list}
        query={query}
        columns={columns}
        rowKey={(book) => book._id}
        rowTo={pathOf}
        emptyText={t('books.list.empty')}
        testId="book"
        minWidth={680}
      />
    </>
  );
}
