import type { Tenant } from '@pruefbuch/domain/schemas/tenant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET tenants/{id}: the tenant of the book (its url names the folder lists). */
export const getQrTenant = (tenantId: string, signal?: AbortSignal) =>
  api.get<Tenant>(`tenants/${encodeURIComponent(tenantId)}`, { tenant: tenantId, signal });

export const getQrTenantQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenants', 'detail', tenantId] as const,
    queryFn: ({ signal }) => getQrTenant(tenantId, signal),
    staleTime: 60_000,
  });

export const useQrTenant = (tenantId: string | undefined) =>
  useQuery({ ...getQrTenantQueryOptions(tenantId ?? ''), enabled: !!tenantId });
