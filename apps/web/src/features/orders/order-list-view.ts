/**
 * What the order list's address asks for: the tab, the search value, the filters and the page. Pure, so the
 * page and the app's preloading (pages/order-list-page.queries.ts) read the address alike and ask the same
 * queries.
 */
import { ORDER_SORT_FIELDS } from '@pruefbuch/domain/rules/order-lists';
import type { OrderStatus } from '@pruefbuch/domain/rules/order-status';
import { listConfig, parseListState, type SortValue } from '@/components/ui/list-page/list-state';
import type { OrderWeeksParams } from './api/get-order-weeks';
import { ORDER_LIST_MODES, type OrderListMode, type OrderListParams } from './api/get-orders';

export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

/** The list's sort fields and default sort (red first), for useListState and for reading the address. */
export const ORDER_LIST_OPTIONS: { sortFields: readonly OrderSortField[]; defaultSort: SortValue<OrderSortField> } = {
  sortFields: ORDER_SORT_FIELDS,
  defaultSort: 'gesamt_ampel',
};
const config = listConfig(ORDER_LIST_OPTIONS);

export const orderListModeOf = (value: string | null): OrderListMode =>
  (ORDER_LIST_MODES as readonly string[]).includes(value ?? '') ? (value as OrderListMode) : 'all';

export interface OrderListView {
  mode: OrderListMode;
  /** The settled search value ('' for none). */
  value: string;
  /** The 'Alle' tab's filters. */
  filters: OrderListParams;
  /** What the list call takes: page, size, sort, search, and on 'Alle' the filters. */
  params: OrderListParams;
  /**
   * What the week facet is asked for (GET orders/get/weeks): on 'Alle', its department and status filters and
   * the search term; on the other tabs nothing. With a term, the counts answer up to SEARCH_COUNT_CAP
   * matches (decision 073).
   */
  weeksQuery: OrderWeeksParams | null;
}

export function orderListView(address: URLSearchParams): OrderListView {
  const state = parseListState(address, config);
  const mode = orderListModeOf(address.get('mode'));
  const filters: OrderListParams = {
    kw: address.get('kw') || undefined,
    department: Number(address.get('department')) || undefined,
    status: (address.get('status') as OrderStatus | null) || undefined,
  };
  const value = state.search;
  return {
    mode,
    value,
    filters,
    params: {
      page: state.page,
      size: state.size,
      sort: state.sort,
      search: value || undefined,
      ...(mode === 'all' ? filters : {}),
    },
    weeksQuery:
      mode === 'all' ? { department: filters.department, status: filters.status, search: value || undefined } : null,
  };
}
