import type { OfferLastSearch } from '@pruefbuch/domain/schemas/offer';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { offerKeys } from './keys';

/** GET offer/lastsearch: what the user last searched the offer list for (type and value). */
export const getLastSearch = (signal?: AbortSignal) => api.get<OfferLastSearch>('offer/lastsearch', { signal });

/** PUT offer/lastsearch. */
export const putLastSearch = (search: OfferLastSearch) => api.put<OfferLastSearch>('offer/lastsearch', search);

export function useLastSearch() {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: offerKeys.lastSearch(currentTenant),
    queryFn: ({ signal }) => getLastSearch(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useSaveLastSearch() {
  const queryClient = useQueryClient();
  const { currentTenant } = useSession();
  return useMutation({
    mutationFn: putLastSearch,
    onSuccess: (_, search) => queryClient.setQueryData(offerKeys.lastSearch(currentTenant), search),
  });
}
