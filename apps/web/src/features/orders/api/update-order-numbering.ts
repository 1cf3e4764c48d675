import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionState } from '@/lib/session';
import type { OrderNumbering } from './get-order-numbering';
import { orderKeys } from './keys';

/** PUT orders/numbering: the prefix and the next number of the current year. */
export const updateOrderNumbering = (body: { prefix: string; next: number }) =>
  api.put<OrderNumbering>('orders/numbering', body);

export function useUpdateOrderNumbering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderNumbering,
    onSuccess: (saved) => queryClient.setQueryData(orderKeys.numbering(getSessionState().currentTenant), saved),
  });
}
