import type { OrderWeeks } from '@pruefbuch/domain/schemas/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import type { OrderListParams } from './get-orders';
import { orderKeys } from './keys';

/**
 * The weeks of the 'Alle' tab's orders for the department and status filters, with their counts: the week
 * filter offers them, the list grouped by KW heads its groups with them. No earlier filter's counts are
 * shown while another's load.
 */
export function orderWeeksQueryOptions(tenant: string | null, filters: Pick<OrderListParams, 'department' | 'status'>) {
  const query = { department: filters.department, status: filters.status };
  return queryOptions({
    queryKey: [...orderKeys.lists(tenant), 'weeks', query] as const,
    queryFn: ({ signal }) => api.get<OrderWeeks>('orders/get/weeks', { query, signal }),
  });
}

export function useOrderWeeks(filters: Pick<OrderListParams, 'department' | 'status'>, enabled: boolean) {
  const { currentTenant } = useSession();
  return useQuery({ ...orderWeeksQueryOptions(currentTenant, filters), enabled });
}
