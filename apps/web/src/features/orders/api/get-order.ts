import type { Order } from '@pruefbuch/domain/schemas/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { orderKeys } from './keys';

/** GET orders/{id}: the order with its ampels, status and links to offer and book. */
export const getOrder = (id: string, signal?: AbortSignal) =>
  api.get<Order>(`orders/${encodeURIComponent(id)}`, { signal });

export const getOrderQueryOptions = (tenant: string | null, id: string) =>
  queryOptions({ queryKey: orderKeys.detail(tenant, id), queryFn: ({ signal }) => getOrder(id, signal) });

export function useOrder(id: string | undefined) {
  const { currentTenant } = useSession();
  return useQuery({ ...getOrderQueryOptions(currentTenant, id ?? ''), enabled: !!id });
}
