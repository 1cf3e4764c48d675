import type { tenantBookCountList } from '@pruefbuch/domain/schemas/tenant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type TenantBookCount = z.infer<typeof tenantBookCountList>[number];

/** GET tenants/book: every tenant the user may see with the number of its books. */
export const getTenantBookCounts = (signal?: AbortSignal) => api.get<TenantBookCount[]>('tenants/book', { signal });

export const getTenantBookCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['tenants', 'bookCounts'] as const,
    queryFn: ({ signal }) => getTenantBookCounts(signal),
    select: (rows) => new Map(rows.map((row) => [row._id, row.books])),
  });

export const useTenantBookCounts = () => useQuery(getTenantBookCountsQueryOptions());
