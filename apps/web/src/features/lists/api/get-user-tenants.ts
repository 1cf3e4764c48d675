import type { tenantRefList } from '@pruefbuch/domain/schemas/tenant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type TenantRef = z.infer<typeof tenantRefList>[number];

/** GET tenants/user: the tenants the user works in, to name a row's tenant and to switch a list's tenant. */
export const getUserTenants = (signal?: AbortSignal) => api.get<TenantRef[]>('tenants/user', { signal });

export const getUserTenantsQueryOptions = () =>
  queryOptions({
    queryKey: ['tenants', 'user'] as const,
    queryFn: ({ signal }) => getUserTenants(signal),
    staleTime: 5 * 60_000,
  });

export const useUserTenants = () => useQuery(getUserTenantsQueryOptions());
