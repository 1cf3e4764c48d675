import { ListPagination } from '@/components/ui/list-parts';
import { LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import type { OpenInspectionItem } from '../api/get-open-inspections';
import type { useOpenInspectionList } from '../use-open-inspection-list';
import { OpenInspectionTable } from './open-inspection-table';
import { SearchModeBar } from './search-mode-bar';

/** The body of both open-inspection lists: search mode and term, loading and error states, the table and the pager. */
export function OpenInspectionList({
  list,
  variant,
  tenantName,
  emptyText,
  allLabel,
}: {
  list: ReturnType<typeof useOpenInspectionList>;
  variant: 'mine' | 'progress';
  tenantName: (row: OpenInspectionItem) => string;
  emptyText: string;
  allLabel: string;
}) {
  const data = list.rows.data;
  return (
    <>
      <SearchModeBar
        mode={list.mode}
        onMode={list.setMode}
        value={list.search}
        onValue={list.setSearch}
        total={data?.total}
        allLabel={allLabel}
      />
      {list.rows.isError ? <LoadError error={list.rows.error} onRetry={() => void list.rows.refetch()} /> : null}
      {list.rows.isPending ? <PageLoader /> : null}
      {data ? (
        <OpenInspectionTable
          rows={data.docs}
          variant={variant}
          tenantName={tenantName}
          dimmed={list.rows.isPlaceholderData}
          emptyText={emptyText}
        />
      ) : null}
      <ListPagination pages={data?.pages} page={list.page} onChange={list.setPage} />
    </>
  );
}
