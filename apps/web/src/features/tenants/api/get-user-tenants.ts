import type { tenantRefList } from '@pruefbuch/domain/schemas/tenant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type TenantRef = z.infer<typeof tenantRefList>[number];

/** GET tenants/user: the tenants the signed-in user works in (every tenant for an admin). */
export const getUserTenants = (signal?: AbortSignal) => api.get<TenantRef[]>('tenants/user', { signal });

export const getUserTenantsQueryOptions = () =>
  queryOptions({
    queryKey: ['tenants', 'user'] as const,
    queryFn: ({ signal }) => getUserTenants(signal),
    staleTime: 5 * 60_000,
  });

export const useUserTenants = (enabled = true) => useQuery({ ...getUserTenantsQueryOptions(), enabled });
