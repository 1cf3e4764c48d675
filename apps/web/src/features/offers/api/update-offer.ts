import type { Offer, OfferUpdate } from '@pruefbuch/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOfferChange } from './invalidate';

/** PUT offer/{id} with the __v it was read with; a stale one is a 409. */
export const updateOffer = ({ id, data }: { id: string; data: OfferUpdate }) =>
  api.put<Offer>(`offer/${encodeURIComponent(id)}`, data);

export function useUpdateOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateOffer, onSuccess: (saved) => afterOfferChange(queryClient, saved) });
}
