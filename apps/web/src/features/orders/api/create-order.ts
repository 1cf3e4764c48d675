import type { Order, OrderCreate } from '@pruefbuch/domain/schemas/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOrderChange } from './invalidate';

/** POST orders: a new order (status CREATED). */
export const createOrder = (data: OrderCreate) => api.post<Order>('orders', data);

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOrder, onSuccess: (saved) => afterOrderChange(queryClient, saved) });
}
