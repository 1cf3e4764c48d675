import type { Order } from '@pruefbuch/domain/schemas/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOrderChange } from './invalidate';

/** POST orders/fromOffer/{offerId}: 'In Auftragsabwicklung übernehmen'; the new order. */
export const orderFromOffer = (offerId: string) => api.post<Order>(`orders/fromOffer/${encodeURIComponent(offerId)}`);

export function useOrderFromOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: orderFromOffer, onSuccess: (saved) => afterOrderChange(queryClient, saved) });
}
