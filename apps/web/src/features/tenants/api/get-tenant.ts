import type { Tenant } from '@pruefbuch/domain/schemas/tenant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET tenants/{id}. */
export const getTenant = (id: string, signal?: AbortSignal) =>
  api.get<Tenant>(`tenants/${encodeURIComponent(id)}`, { signal });

export const tenantQueryKey = (id: string) => ['tenants', 'detail', id] as const;

export const getTenantQueryOptions = (id: string) =>
  queryOptions({ queryKey: tenantQueryKey(id), queryFn: ({ signal }) => getTenant(id, signal) });

export const useTenant = (id: string | undefined) => useQuery({ ...getTenantQueryOptions(id ?? ''), enabled: !!id });
