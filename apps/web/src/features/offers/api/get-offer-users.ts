import type { OfferUser } from '@pruefbuch/domain/schemas/offer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { offerKeys } from './keys';

export type { OfferUser };

/** GET offer/users: the users of the tenant an offer may name. */
export const getOfferUsers = (signal?: AbortSignal) => api.get<OfferUser[]>('offer/users', { signal });

export const getOfferUsersQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: offerKeys.users(tenant),
    queryFn: ({ signal }) => getOfferUsers(signal),
    staleTime: 5 * 60_000,
  });

export function useOfferUsers() {
  const { currentTenant } = useSession();
  return useQuery(getOfferUsersQueryOptions(currentTenant));
}
