import { DEFAULT_PAGE_SIZE } from '@pruefbuch/domain/constants';
import { useListParams } from '@/lib/use-list-params';
import { useOpenInspections } from './api/get-open-inspections';
import { isSearchMode, type SearchMode } from './open-inspections-query';

/** The server orders every open-inspection list by due date, the most urgent first. */
const SORTS = ['nextInspectionDate'] as const;

/**
 * State of an open-inspection list in the address: ?mode= (sn, zip, orderNo), ?search=, ?page=.
 */
export function useOpenInspectionList(tenantId: string | null, enabled = true) {
  const list = useListParams(SORTS, 'nextInspectionDate');
  const rawMode = list.params.get('mode');
  const mode: SearchMode = isSearchMode(rawMode) ? rawMode : 'all';
  const setMode = (next: SearchMode) => {
    list.update({ mode: next === 'all' ? null : next, page: null, search: null });
    list.setSearch('');
  };
  const rows = useOpenInspections(
    {
      tenantId,
      mode,
      value: mode === 'all' ? undefined : list.query,
      page: list.page,
      size: DEFAULT_PAGE_SIZE,
    },
    enabled,
  );
  return { ...list, mode, setMode, rows };
}
