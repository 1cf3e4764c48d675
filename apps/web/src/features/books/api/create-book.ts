import type { Book, BookCreate } from '@pruefbuch/domain/schemas/book';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshBookLists } from './book-lists';
import { bookQueryKey } from './get-book';

/** POST books in the tenant the address names. */
export const createBook = ({ tenantId, data }: { tenantId: string; data: BookCreate }) =>
  api.post<Book>('books', data, { tenant: tenantId });

export function useCreateBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBook,
    onSuccess: (book, { tenantId }) => {
      queryClient.setQueryData(bookQueryKey(tenantId, book._id), book);
      refreshBookLists(queryClient, tenantId);
    },
  });
}
