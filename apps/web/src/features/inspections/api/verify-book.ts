import type { BookVerifyReply } from '@pruefbuch/domain/schemas/record-seal';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/** GET books/{id}/verify: the check of the book's sealed records and stored PDFs (decision 057). */
export const verifyBook = (tenantId: string, bookId: string, signal?: AbortSignal) =>
  api.get<BookVerifyReply>(`books/${encodeURIComponent(bookId)}/verify`, { tenant: tenantId, signal });

/** The check, run when the dialog opens and again on demand; never served from an old answer. */
export const useBookVerification = (tenantId: string, bookId: string) =>
  useQuery({
    queryKey: inspectionKeys.verify(tenantId, bookId),
    queryFn: ({ signal }) => verifyBook(tenantId, bookId, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
