import type { BookRemovedReply } from '@pruefbuch/domain/schemas/retention';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshBookLists } from './book-lists';

/**
 * DELETE books/{id}; the protocol of the book is kept by the server. A book with finalized records (or under a
 * legal hold) is retired instead: the reply says so (decision 059); a deleted one has none.
 */
export const deleteBook = ({ tenantId, id }: { tenantId: string; id: string }) =>
  api.delete<BookRemovedReply | undefined>(`books/${encodeURIComponent(id)}`, { tenant: tenantId });

export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBook,
    onSuccess: (_, { tenantId, id }) => {
      queryClient.removeQueries({ queryKey: ['books', 'detail', tenantId, id] });
      queryClient.removeQueries({ queryKey: ['books', 'dto', tenantId, id] });
      refreshBookLists(queryClient, tenantId);
      void queryClient.invalidateQueries({ queryKey: ['retention', tenantId] });
    },
  });
}
