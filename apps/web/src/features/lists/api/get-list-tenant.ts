import type { Tenant } from '@pruefbuch/domain/schemas/tenant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The tenant a list address names, as tenantStart reads it: by id (GET tenants/{id}) or by its url
 * (GET tenants/url?url=).
 */
export const getListTenant = (slug: string, signal?: AbortSignal) =>
  UUID.test(slug)
    ? api.get<Tenant>(`tenants/${encodeURIComponent(slug)}`, { signal })
    : api.get<Tenant>('tenants/url', { query: { url: slug }, signal });

export const getListTenantQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['tenants', 'slug', slug] as const,
    queryFn: ({ signal }) => getListTenant(slug, signal),
  });

export const useListTenant = (slug: string | undefined) =>
  useQuery({ ...getListTenantQueryOptions(slug ?? ''), enabled: !!slug });
