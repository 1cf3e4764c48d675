import type { BookDocumentsReply } from '@pruefbuch/domain/schemas/document';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookDocumentsQueryKey } from './get-book-documents';

/** DELETE books/{id}/document/{docId}: replies with the book's remaining documents. */
export const deleteBookDocument = ({ tenantId, bookId, docId }: { tenantId: string; bookId: string; docId: string }) =>
  api.delete<BookDocumentsReply>(`books/${encodeURIComponent(bookId)}/document/${encodeURIComponent(docId)}`, {
    tenant: tenantId,
  });

export function useDeleteBookDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBookDocument,
    onSuccess: (reply, { tenantId, bookId }) => {
      if (reply?.documents) queryClient.setQueryData(bookDocumentsQueryKey(tenantId, bookId), reply);
      else void queryClient.invalidateQueries({ queryKey: bookDocumentsQueryKey(tenantId, bookId) });
      void queryClient.invalidateQueries({ queryKey: ['books', 'dto', tenantId, bookId] });
      void queryClient.invalidateQueries({ queryKey: ['auditlogs', 'book', tenantId, bookId] });
    },
  });
}
