import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/**
 * GET books/{id}/inspection (inspections, maintenance, expert reports) and GET books/{id}/selfinspection,
 * merged newest first: the records list of the book page.
 */
export const getBookRecords = async (tenantId: string, bookId: string, signal?: AbortSignal) => {
  const path = (list: string) => `books/${encodeURIComponent(bookId)}/${list}`;
  const [staff, self] = await Promise.all([
    api.get<Inspection[]>(path('inspection'), { tenant: tenantId, signal }),
    api.get<Inspection[]>(path('selfinspection'), { tenant: tenantId, signal }),
  ]);
  return [...staff, ...self].sort((a, b) => b.when.localeCompare(a.when) || b.createdAt.localeCompare(a.createdAt));
};

export const getBookRecordsQueryOptions = (tenantId: string, bookId: string) =>
  queryOptions({
    queryKey: inspectionKeys.book(tenantId, bookId),
    queryFn: ({ signal }) => getBookRecords(tenantId, bookId, signal),
  });

export const useBookRecords = (tenantId: string, bookId: string, enabled = true) =>
  useQuery({ ...getBookRecordsQueryOptions(tenantId, bookId), enabled });
