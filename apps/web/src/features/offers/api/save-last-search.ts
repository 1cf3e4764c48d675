import type { OfferLastSearch } from '@pruefbuch/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { offerKeys } from './keys';

/** PUT offer/lastsearch: what the user searched the offer list for, kept for the next visit. */
export const putLastSearch = (search: OfferLastSearch) => api.put<OfferLastSearch>('offer/lastsearch', search);

export function useSaveLastSearch() {
  const queryClient = useQueryClient();
  const { currentTenant } = useSession();
  return useMutation({
    mutationFn: putLastSearch,
    onSuccess: (_, search) => queryClient.setQueryData(offerKeys.lastSearch(currentTenant), search),
  });
}
