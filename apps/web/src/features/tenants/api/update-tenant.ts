import type { Tenant, TenantUpdate } from '@pruefbuch/domain/schemas/tenant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tenantQueryKey } from './get-tenant';

/** PUT tenants/{id} with the __v the form was loaded with; a stale one is a 409 CONFLICT. */
export const updateTenant = ({ id, data }: { id: string; data: TenantUpdate }) =>
  api.put<Tenant>(`tenants/${encodeURIComponent(id)}`, data);

export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenant,
    onSuccess: (tenant) => {
      queryClient.setQueryData(tenantQueryKey(tenant._id), tenant);
      void queryClient.invalidateQueries({ queryKey: ['tenants'], predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}
