import type { Book } from '@pruefbuch/domain/schemas/book';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET books/{id} in the tenant the address names. */
export const getBook = (tenantId: string, id: string, signal?: AbortSignal) =>
  api.get<Book>(`books/${encodeURIComponent(id)}`, { tenant: tenantId, signal });

export const bookQueryKey = (tenantId: string, id: string) => ['books', 'detail', tenantId, id] as const;

export const getBookQueryOptions = (tenantId: string, id: string) =>
  queryOptions({ queryKey: bookQueryKey(tenantId, id), queryFn: ({ signal }) => getBook(tenantId, id, signal) });

export const useBook = (tenantId: string | undefined, id: string | undefined) =>
  useQuery({ ...getBookQueryOptions(tenantId ?? '', id ?? ''), enabled: !!tenantId && !!id });
