import type { Offer, OfferCreate } from '@pruefbuch/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOfferChange } from './invalidate';

/** POST offer; `source` links the new offer to the defect it was started from. */
export const createOffer = (data: OfferCreate) => api.post<Offer>('offer', data);

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOffer, onSuccess: (saved) => afterOfferChange(queryClient, saved) });
}
