import type { Tenant } from '@pruefbuch/domain/schemas/tenant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant the address names, as tenantStart reads it: by id (GET tenants/{id}) or by its url (GET tenants/url?url=). */
export const getAddressTenant = (slug: string, signal?: AbortSignal) =>
  UUID.test(slug)
    ? api.get<Tenant>(`tenants/${encodeURIComponent(slug)}`, { signal })
    : api.get<Tenant>('tenants/url', { query: { url: slug }, signal });

export const useAddressTenant = (slug: string | undefined) =>
  useQuery({
    ...queryOptions({
      queryKey: ['tenants', 'slug', slug ?? ''] as const,
      queryFn: ({ signal }) => getAddressTenant(slug ?? '', signal),
    }),
    enabled: !!slug,
  });
