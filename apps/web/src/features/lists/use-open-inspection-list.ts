import { useListState } from '@/components/ui/list-page/use-list-state';
import { useOpenInspections } from './api/get-open-inspections';
import { isSearchMode, type SearchMode } from './open-inspections-query';

/**
 * State of an open-inspection list in the address: ?mode= (sn, zip, orderNo), ?search=, ?page=, ?size=. The
 * server orders every open-inspection list by due date, the most urgent first: there is no sort.
 */
export function useOpenInspectionList(tenantId: string | null, enabled = true) {
  const list = useListState();
  const rawMode = list.params.get('mode');
  const mode: SearchMode = isSearchMode(rawMode) ? rawMode : 'all';
  const setMode = (next: SearchMode) => {
    list.update({ mode: next === 'all' ? null : next, page: null, search: null });
    list.setSearchText('');
  };
  const rows = useOpenInspections(
    {
      tenantId,
      mode,
      value: mode === 'all' ? undefined : list.query,
      page: list.page,
      size: list.size,
    },
    enabled,
  );
  return { ...list, mode, setMode, rows };
}
