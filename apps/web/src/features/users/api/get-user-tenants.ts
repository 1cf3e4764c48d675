import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TenantOption {
  _id: string;
  name: string;
}

/** Tenants the signed-in user may hand out. Until the tenant API exists this may fail: treated as none. */
export const getUserTenants = async (signal?: AbortSignal): Promise<TenantOption[]> => {
  try {
    const reply = await api.get<TenantOption[]>('tenants/user', { signal });
    return Array.isArray(reply) ? reply : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
};

export const getUserTenantsQueryOptions = () =>
  queryOptions({
    queryKey: ['tenants', 'user'] as const,
    queryFn: ({ signal }) => getUserTenants(signal),
    staleTime: 5 * 60_000,
  });

export const useUserTenants = () => useQuery(getUserTenantsQueryOptions());
