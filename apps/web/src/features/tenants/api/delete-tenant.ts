import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tenantQueryKey } from './get-tenant';

/** DELETE tenants/{id} (admins); a tenant that still has books is refused with TENANT_NOT_EMPTY. */
export const deleteTenant = (id: string) => api.delete(`tenants/${encodeURIComponent(id)}`);

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTenant,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: tenantQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['tenants'] });
    },
  });
}
