import type { Tenant, TenantWrite } from '@pruefbuch/domain/schemas/tenant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tenantQueryKey } from './get-tenant';

/** POST tenants (admins). */
export const createTenant = (data: TenantWrite) => api.post<Tenant>('tenants', data);

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: (tenant) => {
      queryClient.setQueryData(tenantQueryKey(tenant._id), tenant);
      void queryClient.invalidateQueries({ queryKey: ['tenants'], predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}
