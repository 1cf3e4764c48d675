import type { offerUpdatedAtReply } from '@pruefbuch/domain/schemas/offer';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { offerKeys } from './keys';

export type OfferUpdatedAt = z.infer<typeof offerUpdatedAtReply>;

/** How often an open list asks whether an offer changed. */
export const OFFER_POLL_MS = 30_000;

/** GET offer/get/updatedAt: the newest change of the tenant's offers and their count. */
export const getOffersUpdatedAt = (signal?: AbortSignal) => api.get<OfferUpdatedAt>('offer/get/updatedAt', { signal });

/**
 * Asked every OFFER_POLL_MS while the tab is visible (TanStack Query pauses the interval in a hidden tab and
 * asks again when it is shown).
 */
export function useOffersUpdatedAt() {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: offerKeys.updatedAt(currentTenant),
    queryFn: ({ signal }) => getOffersUpdatedAt(signal),
    refetchInterval: OFFER_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}
