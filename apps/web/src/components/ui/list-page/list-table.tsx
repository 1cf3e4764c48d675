import { Box, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Fragment, memo, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useWide } from '@/lib/use-wide';
import { LoadError } from '../load-error';
import { ListCards } from './list-cards';
import { ListEmpty } from './list-empty';
import { ListPager } from './list-pager';
import { clampPage, groupStart, pageCount } from './list-state';
import type { ListColumn, ListTableProps } from './list-types';
import { RowActions } from './row-actions';
import { BlankCell, isBlank, useRowOpener } from './row-parts';
import { SortHeader } from './sort-header';

const SKELETON_ROWS = 5;

/**
 * The body of a list screen: a sortable table on wide screens and one card per row on phones, a skeleton while
 * the first page loads, the reason and a retry when it fails, an empty state, and the pager.
 */
export function ListTable<T, F extends string>(props: ListTableProps<T, F>) {
  const { list, query, columns, testId, minWidth = 640 } = props;
  // One of the two layouts is rendered, not both with one hidden by CSS: a page of 20 orders rendered its rows
  // twice, about half of the first render's time (bench/first-paint.ts).
  const wide = useWide();
  const data = query.data;
  const pages = data ? pageCount(data, list.size) : 1;

  // A page beyond the last (after a delete, or an old link) shows the last page.
  const settled = !!data && !query.isPlaceholderData;
  useEffect(() => {
    if (settled && list.page > pages) list.setPage(clampPage(list.page, pages));
  }, [settled, list, pages]);

  // Another page starts at its first row: the pager sits under the last one, and the page would otherwise
  // open in its middle. Under the sticky header (64 px) counts as out of view.
  const topRef = useRef<HTMLDivElement>(null);
  const turnPage = (page: number) => {
    list.setPage(page);
    const top = topRef.current;
    if (!top || top.getBoundingClientRect().top >= 64) return;
    top.scrollIntoView({ block: 'start' });
    // The keyboard goes on from the list's start too, not from a pager now out of view.
    top.focus({ preventScroll: true });
  };

  return (
    <Stack gap="sm" ref={topRef} tabIndex={-1} style={{ scrollMarginTop: 80, outline: 'none' }}>
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending && !query.isError ? (
        <ListSkeleton columns={columns} hasActions={!!props.rowActions} wide={wide} />
      ) : null}
      {data && data.docs.length === 0 ? (
        <ListEmpty
          search={list.search}
          onClearSearch={list.clearSearch}
          text={props.emptyText}
          action={props.emptyAction}
          testId={testId && `${testId}-empty`}
        />
      ) : null}
      {data && data.docs.length > 0 ? (
        <Box
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
          aria-busy={query.isPlaceholderData || undefined}
        >
          {wide ? (
            <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
              <Table.ScrollContainer minWidth={minWidth}>
                <Table highlightOnHover={!!props.rowTo} verticalSpacing={8} data-testid={testId && `${testId}-table`}>
                  <Table.Thead bg="var(--mantine-color-gray-0)">
                    <Table.Tr>
                      {columns.map((column) => (
                        <HeaderCell key={column.key} column={column} list={list} />
                      ))}
                      {props.rowActions ? <ActionsHeader /> : null}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    <ListRows
                      rows={data.docs}
                      columns={columns}
                      rowKey={props.rowKey}
                      rowTo={props.rowTo}
                      rowActions={props.rowActions}
                      groupOf={props.groupOf}
                      testId={testId}
                    />
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          ) : (
            <ListCards {...props} rows={data.docs} />
          )}
        </Box>
      ) : null}
      {data ? <ListPager list={list} total={data.total} more={!!data.more} pages={pages} onPage={turnPage} /> : null}
    </Stack>
  );
}

function ActionsHeader() {
  const { t } = useTranslation();
  return (
    <Table.Th w={1} ta="right">
      <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {t('ui.list.actions')}
      </Text>
    </Table.Th>
  );
}

function HeaderCell<T, F extends string>({
  column,
  list,
}: {
  column: ListColumn<T, F>;
  list: ListTableProps<T, F>['list'];
}) {
  const sort = column.sort;
  if (sort) {
    return (
      <SortHeader
        label={column.header}
        direction={list.sortDirection(sort)}
        onSort={() => list.toggleSort(sort)}
        width={column.width}
        align={column.align}
      />
    );
  }
  return (
    <Table.Th w={column.width} ta={column.align} aria-sort={column.presorted}>
      <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {column.header}
      </Text>
    </Table.Th>
  );
}

/** What a row reads of the list's props: a page's rows render again only when one of these changes. */
type RowProps<T, F extends string> = Pick<
  ListTableProps<T, F>,
  'columns' | 'rowKey' | 'rowTo' | 'rowActions' | 'groupOf' | 'testId'
>;

/**
 * The page's rows, with a heading row before each group. Memoised: the counts, the refresh stamp and the
 * filters of a list screen arrive one after another, and each rendered every row again (a screen that
 * keeps its columns and row link stable between renders, as the order list does, renders its rows once).
 */
const ListRows = memo(function ListRows<T, F extends string>({
  rows,
  ...props
}: RowProps<T, F> & { rows: readonly T[] }) {
  const { columns, rowActions, groupOf } = props;
  return rows.map((row, index) => {
    const group = groupStart(groupOf, rows, index);
    return (
      <Fragment key={props.rowKey(row)}>
        {group ? (
          <Table.Tr data-testid="list-group" bg="var(--mantine-color-gray-0)">
            <Table.Th scope="colgroup" colSpan={columns.length + (rowActions ? 1 : 0)} py={6}>
              <Text span size="sm" fw={700}>
                {group}
              </Text>
            </Table.Th>
          </Table.Tr>
        ) : null}
        <ListRow row={row} {...props} />
      </Fragment>
    );
  });
}) as <T, F extends string>(props: RowProps<T, F> & { rows: readonly T[] }) => ReactNode;

function ListRow<T, F extends string>({ row, ...props }: RowProps<T, F> & { row: T }) {
  const to = props.rowTo?.(row);
  const open = useRowOpener(to);
  return (
    <Table.Tr
      onClick={to ? open : undefined}
      style={to ? { cursor: 'pointer' } : undefined}
      data-testid={props.testId && `${props.testId}-row`}
    >
      {props.columns.map((column, index) => {
        const value = column.cell(row);
        return (
          <Table.Td
            key={column.key}
            ta={column.align}
            style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
            fw={index === 0 ? 500 : undefined}
          >
            {isBlank(value) ? (
              <BlankCell />
            ) : column.nowrap ? (
              // Kept whole: a badge in a narrow table would rather scroll than be cut off.
              <Box display="inline-block" miw="max-content">
                {value}
              </Box>
            ) : (
              value
            )}
          </Table.Td>
        );
      })}
      {props.rowActions ? (
        <Table.Td>
          <RowActions row={row} config={props.rowActions} />
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

function ListSkeleton<T, F extends string>({
  columns,
  hasActions,
  wide,
}: {
  columns: readonly ListColumn<T, F>[];
  hasActions: boolean;
  wide: boolean;
}) {
  const { t } = useTranslation();
  const rows = Array.from({ length: SKELETON_ROWS }, (_, i) => i);
  return (
    <Box aria-busy="true" aria-label={t('ui.list.loading')} role="status">
      {wide ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table verticalSpacing={10}>
            <Table.Thead bg="var(--mantine-color-gray-0)">
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} w={column.width}>
                    <Text span size="sm" fw={600} c="dimmed">
                      {column.header}
                    </Text>
                  </Table.Th>
                ))}
                {hasActions ? <Table.Th w={1} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row}>
                  {columns.map((column, index) => (
                    <Table.Td key={column.key}>
                      <Skeleton height={12} radius="sm" width={index === 0 ? '70%' : '55%'} />
                    </Table.Td>
                  ))}
                  {hasActions ? (
                    <Table.Td>
                      <Skeleton height={12} width={56} radius="sm" />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : (
        <Stack gap="xs">
          {rows.slice(0, 3).map((row) => (
            <Paper key={row} withBorder radius="md" p="sm">
              <Skeleton height={14} width="60%" radius="sm" mb={10} />
              <Skeleton height={10} width="85%" radius="sm" mb={6} />
              <Skeleton height={10} width="40%" radius="sm" />
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}
