import type { Offer } from '@pruefbuch/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOfferChange } from './invalidate';

/** POST offer/{id}/takeover: 'In Auftragsabwicklung übernehmen' (records the wish; order processing completes it). */
export const takeOverOffer = (id: string) => api.post<Offer>(`offer/${encodeURIComponent(id)}/takeover`);

export function useTakeOverOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: takeOverOffer, onSuccess: (saved) => afterOfferChange(queryClient, saved) });
}
