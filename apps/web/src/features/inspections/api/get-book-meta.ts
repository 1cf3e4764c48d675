import type { BookMeta } from '@pruefbuch/domain/schemas/inspection';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/** GET books/{id}/meta: free and used slots, and whether the book can be booked now or later. */
export const getBookMeta = (tenantId: string, bookId: string, signal?: AbortSignal) =>
  api.get<BookMeta>(`books/${encodeURIComponent(bookId)}/meta`, { tenant: tenantId, signal });

export const getBookMetaQueryOptions = (tenantId: string, bookId: string) =>
  queryOptions({
    queryKey: inspectionKeys.meta(tenantId, bookId),
    queryFn: ({ signal }) => getBookMeta(tenantId, bookId, signal),
  });

export const useBookMeta = (tenantId: string, bookId: string, enabled = true) =>
  useQuery({ ...getBookMetaQueryOptions(tenantId, bookId), enabled });
