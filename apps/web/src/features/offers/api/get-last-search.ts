import type { OfferLastSearch } from '@pruefbuch/domain/schemas/offer';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { offerKeys } from './keys';

/** GET offer/lastsearch: what the user last searched the offer list for (type and value). */
export const getLastSearch = (signal?: AbortSignal) => api.get<OfferLastSearch>('offer/lastsearch', { signal });

export function useLastSearch() {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: offerKeys.lastSearch(currentTenant),
    queryFn: ({ signal }) => getLastSearch(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
