import type { Tenant } from '@pruefbuch/domain/schemas/tenant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The tenant an address names, as tenantStart reads it: by id (GET tenants/{id}) or by its url
 * (GET tenants/url?url=). Every page whose address carries a tenant reads it here (the tenant start, the
 * book page, the retired books).
 */
export const getTenantBySlug = (slug: string, signal?: AbortSignal) =>
  UUID.test(slug)
    ? api.get<Tenant>(`tenants/${encodeURIComponent(slug)}`, { signal })
    : api.get<Tenant>('tenants/url', { query: { url: slug }, signal });

export const getTenantBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['tenants', 'slug', slug] as const,
    queryFn: ({ signal }) => getTenantBySlug(slug, signal),
  });

export const useTenantBySlug = (slug: string | undefined) =>
  useQuery({ ...getTenantBySlugQueryOptions(slug ?? ''), enabled: !!slug });
