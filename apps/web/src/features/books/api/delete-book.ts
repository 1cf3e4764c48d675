import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshBookLists } from './book-lists';

/** DELETE books/{id}; the protocol of the book is kept by the server. */
export const deleteBook = ({ tenantId, id }: { tenantId: string; id: string }) =>
  api.delete(`books/${encodeURIComponent(id)}`, { tenant: tenantId });

export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBook,
    onSuccess: (_, { tenantId, id }) => {
      queryClient.removeQueries({ queryKey: ['books', 'detail', tenantId, id] });
      queryClient.removeQueries({ queryKey: ['books', 'dto', tenantId, id] });
      refreshBookLists(queryClient, tenantId);
    },
  });
}
