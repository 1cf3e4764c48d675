import type { Book, BookUpdate } from '@pruefbuch/domain/schemas/book';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshBookLists } from './book-lists';
import { bookQueryKey } from './get-book';

/** PUT books/{id} with the __v the form was loaded with; a stale one is a 409 CONFLICT. */
export const updateBook = ({ tenantId, id, data }: { tenantId: string; id: string; data: BookUpdate }) =>
  api.put<Book>(`books/${encodeURIComponent(id)}`, data, { tenant: tenantId });

export function useUpdateBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBook,
    onSuccess: (book, { tenantId }) => {
      queryClient.setQueryData(bookQueryKey(tenantId, book._id), book);
      void queryClient.invalidateQueries({ queryKey: ['books', 'dto', tenantId, book._id] });
      refreshBookLists(queryClient, tenantId);
      void queryClient.invalidateQueries({ queryKey: ['auditlogs', 'book', tenantId, book._id] });
    },
  });
}
