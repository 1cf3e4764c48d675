import { Anchor, Box, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { BookListItem } from '@pruefbuch/domain/schemas/book';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SortHeader } from '@/components/ui/sort-header';
import { AmpelBadge, BookStatusBadge } from './book-badges';

/** Columns the book list sorts by (SPEC: title, customer, site, next inspection, status). */
export const BOOK_LIST_SORTS = ['title', 'customer', 'site', 'nextInspectionDate', 'status'] as const;
export type BookListSortField = (typeof BOOK_LIST_SORTS)[number];
export type BookListSort = BookListSortField | `-${BookListSortField}`;
export const BOOK_LIST_SORT_VALUES: readonly BookListSort[] = BOOK_LIST_SORTS.flatMap((field) => [
  field,
  `-${field}` as const,
]);

const place = (book: BookListItem) => [book.objectaddress?.zip, book.objectaddress?.location].filter(Boolean).join(' ');

/**
 * The books of a folder: a sortable table on wide screens, one card per book on phones. A row or card
 * opens the book page.
 */
export function BookList({
  tenantId,
  books,
  sort,
  onSort,
  dimmed,
}: {
  tenantId: string;
  books: readonly BookListItem[];
  sort: BookListSort;
  onSort: (sort: BookListSort) => void;
  dimmed?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathOf = (book: BookListItem) => screenPath('book_list', { tenant: tenantId, slug: book._id });

  const header = (field: BookListSortField) => (
    <SortHeader
      label={t(`books.fields.${field}`)}
      active={sort.replace('-', '') === field}
      descending={sort.startsWith('-')}
      onSort={() => onSort(sort === field ? `-${field}` : field)}
    />
  );

  if (books.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed" ta="center" data-testid="book-list-empty">
          {t('books.list.empty')}
        </Text>
      </Paper>
    );
  }

  return (
    <Box style={{ opacity: dimmed ? 0.6 : 1 }} data-testid="book-list">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} visibleFrom="sm">
        <Table.ScrollContainer minWidth={680}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                {header('title')}
                {header('customer')}
                {header('site')}
                {header('nextInspectionDate')}
                {header('status')}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {books.map((book) => (
                <Table.Tr
                  key={book._id}
                  onClick={() => navigate(pathOf(book))}
                  style={{ cursor: 'pointer' }}
                  data-testid="book-row"
                >
                  <Table.Td>
                    <Anchor component={Link} to={pathOf(book)} fw={500} onClick={(e) => e.stopPropagation()}>
                      {book.title}
                    </Anchor>
                    {book.typ || book.location ? (
                      <Text size="xs" c="dimmed">
                        {[book.typ, book.location].filter(Boolean).join(' · ')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{book.customer}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{book.site}</Text>
                    {place(book) ? (
                      <Text size="xs" c="dimmed">
                        {place(book)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <AmpelBadge ampel={book.inspectionAmpel} date={book.nextInspectionDate} kind="inspection" />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <BookStatusBadge status={book.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Stack gap="xs" hiddenFrom="sm">
        {books.map((book) => (
          <Paper key={book._id} withBorder radius="md" p="sm" data-testid="book-card">
            <UnstyledButton component={Link} to={pathOf(book)} w="100%" style={{ display: 'block' }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {book.title}
              </Text>
              {book.customer || book.site ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[book.customer, book.site, place(book)].filter(Boolean).join(' · ')}
                </Text>
              ) : null}
              <Group gap={6} mt={6}>
                <BookStatusBadge status={book.status} />
                <AmpelBadge ampel={book.inspectionAmpel} date={book.nextInspectionDate} kind="inspection" />
              </Group>
            </UnstyledButton>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
