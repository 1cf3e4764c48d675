import type { Book } from '@pruefbuch/domain/schemas/book';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshBookLists } from './book-lists';
import { bookQueryKey } from './get-book';

/** PUT books/{id}/move2folder/{folderId}; folderId 'root' takes the book out of every folder. */
export const moveBook = ({ tenantId, id, folderId }: { tenantId: string; id: string; folderId: string }) =>
  api.put<Book>(`books/${encodeURIComponent(id)}/move2folder/${encodeURIComponent(folderId)}`, undefined, {
    tenant: tenantId,
  });

export function useMoveBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveBook,
    onSuccess: (book, { tenantId }) => {
      queryClient.setQueryData(bookQueryKey(tenantId, book._id), book);
      void queryClient.invalidateQueries({ queryKey: ['books', 'dto', tenantId, book._id] });
      refreshBookLists(queryClient, tenantId);
      void queryClient.invalidateQueries({ queryKey: ['auditlogs', 'book', tenantId, book._id] });
    },
  });
}
