import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionState } from '@/lib/session';
import { afterOrderChange } from './invalidate';
import { orderKeys } from './keys';

/** DELETE orders/{id} (admins, only while CREATED). */
export const deleteOrder = (id: string) => api.delete(`orders/${encodeURIComponent(id)}`);

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: orderKeys.detail(getSessionState().currentTenant, id) });
      afterOrderChange(queryClient);
    },
  });
}
