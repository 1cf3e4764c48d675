import type { Book } from '@pruefbuch/domain/schemas/book';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET books/{id}: the book whose codes the qrcode screen shows (its title, site, folder and tenant). */
export const getQrBook = (bookId: string, tenantId: string | undefined, signal?: AbortSignal) =>
  api.get<Book>(`books/${encodeURIComponent(bookId)}`, { tenant: tenantId, signal });

export const getQrBookQueryOptions = (bookId: string, tenantId: string | undefined) =>
  queryOptions({
    queryKey: ['books', 'detail', tenantId ?? 'current', bookId] as const,
    queryFn: ({ signal }) => getQrBook(bookId, tenantId, signal),
  });

export const useQrBook = (bookId: string, tenantId: string | undefined) =>
  useQuery({ ...getQrBookQueryOptions(bookId, tenantId), enabled: !!bookId });
