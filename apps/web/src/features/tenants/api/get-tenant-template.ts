import type { tenantTemplateSchema } from '@pruefbuch/domain/schemas/tenant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type TenantTemplate = z.infer<typeof tenantTemplateSchema>;

/** GET tenants/template: the defaults of a new tenant. */
export const getTenantTemplate = (signal?: AbortSignal) => api.get<TenantTemplate>('tenants/template', { signal });

export const getTenantTemplateQueryOptions = () =>
  queryOptions({
    queryKey: ['tenants', 'template'] as const,
    queryFn: ({ signal }) => getTenantTemplate(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useTenantTemplate = (enabled: boolean) => useQuery({ ...getTenantTemplateQueryOptions(), enabled });
