import type { OrderWeeks } from '@pruefbuch/domain/schemas/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import type { OrderListParams } from './get-orders';
import { orderKeys } from './keys';

/** What the week facet takes: the 'Alle' tab's department and status filters and its search term. */
export type OrderWeeksParams = Pick<OrderListParams, 'department' | 'status' | 'search'>;

/**
 * The weeks of the 'Alle' tab's orders for the department and status filters and the search term, with their
 * counts: the week filter offers them, the list grouped by KW heads its groups with them. No earlier filter's
 * counts are shown while another's load.
 */
export function orderWeeksQueryOptions(tenant: string | null, filters: OrderWeeksParams) {
  const query = { department: filters.department, status: filters.status, search: filters.search };
  return queryOptions({
    queryKey: [...orderKeys.lists(tenant), 'weeks', query] as const,
    queryFn: ({ signal }) => api.get<OrderWeeks>('orders/get/weeks', { query, signal }),
  });
}

/**
 * The week facet's reply as far as it answers for what is listed: nothing when it was not asked (a tab other
 * than 'Alle': a disabled query keeps what it read before), nor for a search term that matched more orders
 * than are counted (`more`, decision 073).
 */
export const countsThatAnswer = (asked: boolean, reply: OrderWeeks | undefined): OrderWeeks | undefined =>
  asked && reply && !reply.more ? reply : undefined;

/**
 * The week facet's counts when they answer for what is listed: none on a tab other than 'Alle' (`filters`
 * null), and none for a search term matching more orders than are counted (`more`, decision 073).
 */
export function useOrderWeeks(filters: OrderWeeksParams | null) {
  const { currentTenant } = useSession();
  const weeks = useQuery({ ...orderWeeksQueryOptions(currentTenant, filters ?? {}), enabled: filters !== null });
  return countsThatAnswer(filters !== null, weeks.data);
}
