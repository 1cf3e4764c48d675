import type { BookDto } from '@pruefbuch/domain/schemas/book';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET books/dto/{id}: the book a record belongs to, with its book type (which checklist a new record gets).
 * Same key as the book page's, so both share one cache entry and one refresh.
 */
export const getRecordBook = (tenantId: string, id: string, signal?: AbortSignal) =>
  api.get<BookDto>(`books/dto/${encodeURIComponent(id)}`, { tenant: tenantId || undefined, signal });

export const getRecordBookQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: ['books', 'dto', tenantId, id] as const,
    queryFn: ({ signal }) => getRecordBook(tenantId, id, signal),
  });

export const useRecordBook = (tenantId: string, id: string | null) =>
  useQuery({ ...getRecordBookQueryOptions(tenantId, id ?? ''), enabled: !!id });
