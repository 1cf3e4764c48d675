import type { Order } from '@pruefbuch/domain/schemas/order';
import type { QueryClient } from '@tanstack/react-query';
import { getSessionState } from '@/lib/session';
import { ORDERS_KEY, orderKeys } from './keys';

/** After a change: the order as the server now has it in the cache, and every list, count and protocol read again. */
export function afterOrderChange(queryClient: QueryClient, saved?: Order) {
  const { currentTenant } = getSessionState();
  if (saved) queryClient.setQueryData(orderKeys.detail(currentTenant, saved._id), saved);
  void queryClient.invalidateQueries({
    queryKey: [ORDERS_KEY],
    predicate: (query) => String(query.queryKey[2]) !== 'detail',
  });
}
