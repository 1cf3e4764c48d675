import { CloseButton, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import type { SortValue } from './list-state';
import type { ListColumn } from './list-types';
import type { ListStateApi } from './use-list-state';

/**
 * Above a list: the search field with the number of matches, room for the screen's own filters, and on phones
 * (where the cards have no headers) the sort as a select.
 */
export function ListToolbar<T, F extends string>({
  list,
  total,
  more = false,
  columns = [],
  placeholder,
  totalLabel,
  testId,
  children,
}: {
  list: ListStateApi<F>;
  /** Number of matches; hidden until the first answer. */
  total: number | undefined;
  /** The count stopped at `total`: there are more (a capped search, decision 024). */
  more?: boolean;
  /** The sortable ones become the phone's sort select. */
  columns?: readonly ListColumn<T, F>[];
  placeholder?: string;
  /** The words for the number of matches; null shows none (nothing was searched yet). */
  totalLabel?: (count: number, more: boolean) => string | null;
  /** `${testId}-search`, `${testId}-total`. */
  testId?: string;
  /** Filters of the screen's own, after the search field. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const label =
    total === undefined
      ? null
      : totalLabel
        ? totalLabel(total, more)
        : t('ui.list.total', {
            count: total,
            formatted: more ? t('ui.list.moreThan', { n: formatNumber(total) }) : formatNumber(total),
          });
  const sortable = columns.filter((column): column is ListColumn<T, F> & { sort: F } => !!column.sort);
  // Wide: the search (and filters) left, the count right. Phone: the search on a row of its own, below it the
  // sort select and the count.
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 auto' }} w={{ base: '100%', sm: 'auto' }}>
        <TextInput
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && list.searchText) list.clearSearch();
          }}
          leftSection={<IconSearch size={16} />}
          rightSection={
            list.searchText ? (
              <CloseButton size="sm" onClick={list.clearSearch} aria-label={t('ui.list.clearSearch')} />
            ) : null
          }
          placeholder={placeholder ?? t('ui.list.searchPlaceholder')}
          aria-label={t('ui.list.search')}
          type="search"
          style={{ flex: '1 1 240px' }}
          maw={{ sm: 420 }}
          data-testid={testId && `${testId}-search`}
        />
        {children}
      </Group>
      {sortable.length > 0 && list.sort ? (
        <NativeSelect
          value={list.sort}
          onChange={(event) => list.setSort(event.currentTarget.value as SortValue<F>)}
          data={sortable.flatMap((column) => [
            {
              value: column.sort,
              label: column.sortLabels?.ascending ?? t('ui.list.sortAsc', { column: column.header }),
            },
            {
              value: `-${column.sort}`,
              label: column.sortLabels?.descending ?? t('ui.list.sortDesc', { column: column.header }),
            },
          ])}
          aria-label={t('ui.list.sort')}
          style={{ flex: '1 1 0' }}
          hiddenFrom="sm"
          data-testid={testId && `${testId}-sort`}
        />
      ) : null}
      {label === null ? null : (
        <Text size="sm" c="dimmed" ml="auto" data-testid={testId && `${testId}-total`} aria-live="polite">
          {label}
        </Text>
      )}
    </Group>
  );
}
