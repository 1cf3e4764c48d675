import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionState } from '@/lib/session';
import { afterLocationChange } from './invalidate';
import { locationKeys } from './keys';

/** DELETE customerlocation/{id}; a location with books is 409 LOCATION_HAS_BOOKS. */
export const deleteCustomerLocation = (id: string) => api.delete(`customerlocation/${encodeURIComponent(id)}`);

export function useDeleteCustomerLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomerLocation,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: locationKeys.detail(getSessionState().currentTenant, id) });
      afterLocationChange(queryClient);
    },
  });
}
