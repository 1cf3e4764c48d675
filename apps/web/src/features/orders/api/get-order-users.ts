import type { OfferUser } from '@pruefbuch/domain/schemas/offer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { orderKeys } from './keys';

/** GET orders/users: the users of the tenant an order may name as its OPM. */
const orderUsersQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: orderKeys.users(tenant),
    queryFn: ({ signal }) => api.get<OfferUser[]>('orders/users', { signal }),
    staleTime: 5 * 60_000,
  });

export function useOrderUsers() {
  const { currentTenant } = useSession();
  return useQuery(orderUsersQueryOptions(currentTenant));
}
