import type { tenantListReply } from '@pruefbuch/domain/schemas/tenant';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type TenantListReply = z.infer<typeof tenantListReply>;
export type TenantSort = 'name' | '-name' | 'url' | '-url';

export interface TenantListParams {
  page: number;
  size: number;
  search?: string;
  sort?: TenantSort;
}

/** GET tenants: a page of the tenants the user may see, searched in name, url, address name, ZIP and city. */
export const getTenants = (params: TenantListParams, signal?: AbortSignal) =>
  api.get<TenantListReply>('tenants', { query: { ...params }, signal });

export const getTenantsQueryOptions = (params: TenantListParams) =>
  queryOptions({
    queryKey: ['tenants', 'list', params] as const,
    queryFn: ({ signal }) => getTenants(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTenants = (params: TenantListParams) => useQuery(getTenantsQueryOptions(params));
