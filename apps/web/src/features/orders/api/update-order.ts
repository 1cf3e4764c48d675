import type { Order, OrderUpdate } from '@pruefbuch/domain/schemas/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOrderChange } from './invalidate';

/** PUT orders/{id} with the __v it was read with; a stale one is a 409. */
export const updateOrder = ({ id, data }: { id: string; data: OrderUpdate }) =>
  api.put<Order>(`orders/${encodeURIComponent(id)}`, data);

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateOrder, onSuccess: (saved) => afterOrderChange(queryClient, saved) });
}
