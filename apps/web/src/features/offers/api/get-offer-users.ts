import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { offerKeys } from './keys';

/** A user who may be named in an offer (OFM, OPM, KTB). */
export interface OfferUser {
  _id: string;
  name: string;
  abbreviation: string;
  /** Department number (roles.ts Department). */
  department: number;
}

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
