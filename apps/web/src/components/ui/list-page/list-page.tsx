import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../page-header';
import { ListTable } from './list-table';
import { ListToolbar } from './list-toolbar';
import type { ListTableProps } from './list-types';

export interface ListPageProps<T, F extends string> extends ListTableProps<T, F> {
  title: string;
  description?: ReactNode;
  /** Buttons of the screen's own in the header, before the 'Neu' button. */
  actions?: ReactNode;
  /** The 'Neu' button: where it leads; left out for users who may not create. */
  newItem?: { to: string; label?: string; testId?: string } | null;
  searchPlaceholder?: string;
  totalLabel?: (count: number, more: boolean) => string | null;
  /** Filters of the screen's own beside the search field. */
  filters?: ReactNode;
  /** An overview of the screen's own between the title and the search (counts that filter the list). */
  summary?: ReactNode;
}

/**
 * A whole list screen: title and buttons, the search with the number of matches, the sortable table (cards on
 * phones) with row actions, and the pager; page, size, sort and search live in the address (useListState).
 */
export function ListPage<T, F extends string>({
  title,
  description,
  actions,
  newItem,
  searchPlaceholder,
  totalLabel,
  filters,
  summary,
  ...table
}: ListPageProps<T, F>) {
  const { t } = useTranslation();
  const newButton = newItem ? (
    <Button component={Link} to={newItem.to} leftSection={<IconPlus size={16} />} data-testid={newItem.testId}>
      {newItem.label ?? t('common.actions.new')}
    </Button>
  ) : null;
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={description}
        actions={
          actions || newButton ? (
            <>
              {actions}
              {newButton}
            </>
          ) : undefined
        }
      />
      {summary}
      <ListToolbar
        list={table.list}
        total={table.query.data?.total}
        more={table.query.data?.more}
        columns={table.columns}
        placeholder={searchPlaceholder}
        totalLabel={totalLabel}
        testId={table.testId}
      >
        {filters}
      </ListToolbar>
      <ListTable {...table} />
    </Stack>
  );
}
