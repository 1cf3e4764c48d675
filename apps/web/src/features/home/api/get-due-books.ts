import type { BookListItem } from '@pruefbuch/domain/schemas/book';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const DUE_COUNT = 8;

/** GET books sorted by the next inspection: what is due first in the tenant (active books only). */
export const getDueBooks = (tenantId: string, signal?: AbortSignal) =>
  api.get<{ docs: BookListItem[]; total: number }>('books', {
    tenant: tenantId,
    signal,
    query: { sort: 'nextInspectionDate', size: DUE_COUNT, active: true },
  });

export const dueBooksQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: ['books', 'due', tenantId] as const,
    queryFn: ({ signal }) => getDueBooks(tenantId, signal),
  });

export const useDueBooks = (tenantId: string | null, enabled: boolean) =>
  useQuery({ ...dueBooksQueryOptions(tenantId ?? ''), enabled: enabled && !!tenantId });
