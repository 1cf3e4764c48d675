import type { Order, TakeOver } from '@pruefbuch/domain/schemas/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOrderChange } from './invalidate';

/** POST orders/fromOffer/{offerId}: 'In Auftragsabwicklung übernehmen' into a department with an OPM; the new order. */
export const orderFromOffer = ({ offerId, body }: { offerId: string; body: TakeOver }) =>
  api.post<Order>(`orders/fromOffer/${encodeURIComponent(offerId)}`, body);

export function useOrderFromOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: orderFromOffer, onSuccess: (saved) => afterOrderChange(queryClient, saved) });
}
