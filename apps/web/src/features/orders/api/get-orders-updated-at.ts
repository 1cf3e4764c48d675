import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { orderKeys } from './keys';

/** How often an open list asks whether an order changed. */
export const ORDER_POLL_MS = 30_000;

export interface OrdersUpdatedAt {
  updatedAt: string | null;
  count?: number;
}

/** GET orders/get/updatedAt, asked every ORDER_POLL_MS while the tab is visible. */
export function useOrdersUpdatedAt() {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: orderKeys.updatedAt(currentTenant),
    queryFn: ({ signal }) => api.get<OrdersUpdatedAt>('orders/get/updatedAt', { signal }),
    refetchInterval: ORDER_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}
