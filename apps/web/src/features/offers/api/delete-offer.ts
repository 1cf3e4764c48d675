import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionState } from '@/lib/session';
import { afterOfferChange } from './invalidate';
import { offerKeys } from './keys';

/** DELETE offer/{id} (admins: a mistaken entry). */
export const deleteOffer = (id: string) => api.delete(`offer/${encodeURIComponent(id)}`);

export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOffer,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: offerKeys.detail(getSessionState().currentTenant, id) });
      afterOfferChange(queryClient);
    },
  });
}
