import type { OrderStatus } from '@pruefbuch/domain/rules/order-status';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOrderChange } from './invalidate';

/** POST orders/{id}/status: one step of the flow; 400 names the fields the step still needs. */
export const stepOrder = ({ id, to, __v }: { id: string; to: OrderStatus; __v: number }) =>
  api.post<Order>(`orders/${encodeURIComponent(id)}/status`, { to, __v });

export function useStepOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: stepOrder, onSuccess: (saved) => afterOrderChange(queryClient, saved) });
}
