import type { OrderListQuery, orderListReply } from '@pruefbuch/domain/schemas/order';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { orderKeys } from './keys';

export type OrderListReply = z.infer<typeof orderListReply>;
export type OrderListParams = Partial<Omit<OrderListQuery, 'inactive'>>;

/**
 * The tabs of the order list (SPEC §7 search modes): all with filters, or a search list by a value; and the
 * warehouse's deliveries (decision 054), its start (`?mode=deliveries`).
 */
export const ORDER_LIST_MODES = ['all', 'search', 'serial', 'opm', 'el', 'ad', 'deliveries'] as const;
export type OrderListMode = (typeof ORDER_LIST_MODES)[number];

const enc = encodeURIComponent;

/** The search list of a mode and value; the OPM, EL and AD tabs list all of theirs without a value. */
export function searchListPath(mode: Exclude<OrderListMode, 'all'>, value: string): string | null {
  switch (mode) {
    case 'search':
      return value ? `orders/getOrdersBySearch/${enc(value)}` : null;
    case 'serial':
      return value ? `orders/getOrdersBySerialnummerSearch/${enc(value)}` : null;
    case 'opm':
      return value ? `orders/getOrdersByOpm/${enc(value)}` : 'orders/getVkidOrders/all';
    case 'el':
      return value ? `orders/getOrdersByEl/${enc(value)}` : 'orders/getElOrders/all';
    case 'ad':
      return value ? `orders/getOrdersByAd/${enc(value)}` : 'orders/getAdOrders/all';
    case 'deliveries':
      return value ? `orders/getDeliveryOrders/${enc(value)}` : 'orders/getDeliveryOrders/all';
  }
}

/** The count of a tab: the count calls of SPEC §7 where there is one, else the total of a one-row page. */
export function countPath(mode: OrderListMode, value: string): string | null {
  switch (mode) {
    case 'opm':
      return value ? `orders/countOrdersByVkid/${enc(value)}` : 'orders/countVkidOrders/all';
    case 'el':
      return value ? `orders/countOrdersByEl/${enc(value)}` : 'orders/countElOrders/all';
    case 'ad':
      return value ? `orders/countOrdersByAd/${enc(value)}` : 'orders/countAdOrders/all';
    case 'deliveries':
      // With a term the tab counts as a search does (a one-row page's total, up to 100).
      return value ? null : 'orders/countDeliveryOrders/all';
    default:
      return null;
  }
}

/** One page of the list of a tab, in `tenant`. */
export function ordersQueryOptions(tenant: string | null, mode: OrderListMode, value: string, params: OrderListParams) {
  const path = mode === 'all' ? 'orders' : searchListPath(mode, value);
  const query = mode === 'all' ? { ...params, search: value || undefined } : { page: params.page, size: params.size };
  return queryOptions({
    queryKey: [...orderKeys.lists(tenant), mode, value, query] as const,
    queryFn: ({ signal }) =>
      path
        ? api.get<OrderListReply>(path, { query, signal })
        : Promise.resolve<OrderListReply>({ docs: [], total: 0, page: 1, size: params.size ?? 20, pages: 0 }),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(mode: OrderListMode, value: string, params: OrderListParams) {
  const { currentTenant } = useSession();
  return useQuery(ordersQueryOptions(currentTenant, mode, value, params));
}

/**
 * The number of orders of a tab for the value typed (the 'all' tab with its filters); `more` when a search
 * counted only so far (decision 024: the free and serial search count up to 200).
 */
export function orderCountQueryOptions(
  tenant: string | null,
  mode: OrderListMode,
  value: string,
  filters: OrderListParams,
) {
  const count = countPath(mode, value);
  const list = mode === 'all' ? 'orders' : count ? null : searchListPath(mode, value);
  return queryOptions({
    queryKey: [...orderKeys.lists(tenant), 'count', mode, value, mode === 'all' ? filters : null] as const,
    enabled: !!(count || list),
    queryFn: async ({ signal }): Promise<{ n: number; more: boolean }> => {
      if (count) return { n: (await api.get<{ count: number }>(count, { signal })).count, more: false };
      const query =
        mode === 'all' ? { ...filters, search: value || undefined, page: 1, size: 1 } : { page: 1, size: 1 };
      const reply = await api.get<OrderListReply>(list as string, { query, signal });
      return { n: reply.total, more: !!reply.more };
    },
  });
}

export function useOrderCount(mode: OrderListMode, value: string, filters: OrderListParams) {
  const { currentTenant } = useSession();
  return useQuery(orderCountQueryOptions(currentTenant, mode, value, filters));
}
