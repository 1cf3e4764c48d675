import type { Order } from '@pruefbuch/domain/schemas/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOrderChange } from './invalidate';

/** POST orders/sendMailTransferDepartment: hands the order to another department and mails its users. */
export const transferOrder = async (body: { orderId: string; department: number; message?: string; __v: number }) =>
  (await api.post<{ order: Order; mailed: number }>('orders/sendMailTransferDepartment', body)).order;

export function useTransferOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: transferOrder, onSuccess: (saved) => afterOrderChange(queryClient, saved) });
}
