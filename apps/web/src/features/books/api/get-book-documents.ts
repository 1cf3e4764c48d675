import type { BookDocumentsReply } from '@pruefbuch/domain/schemas/document';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET books/{id}/documents: the book's documents, newest first. */
export const getBookDocuments = (tenantId: string, bookId: string, signal?: AbortSignal) =>
  api.get<BookDocumentsReply>(`books/${encodeURIComponent(bookId)}/documents`, { tenant: tenantId, signal });

export const bookDocumentsQueryKey = (tenantId: string, bookId: string) =>
  ['books', 'documents', tenantId, bookId] as const;

export const getBookDocumentsQueryOptions = (tenantId: string, bookId: string) =>
  queryOptions({
    queryKey: bookDocumentsQueryKey(tenantId, bookId),
    queryFn: ({ signal }) => getBookDocuments(tenantId, bookId, signal),
    select: (reply) => reply.documents,
  });

export const useBookDocuments = (tenantId: string, bookId: string) =>
  useQuery(getBookDocumentsQueryOptions(tenantId, bookId));
