import type { Book, BookCreate } from '@pruefbuch/domain/schemas/book';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
      void queryClient.invalidateQueries({ queryKey: ['books', 'folder'] });
      void queryClient.invalidateQueries({ queryKey: ['folders', 'tree', tenantId] });
      void queryClient.invalidateQueries({ queryKey: ['tenants', 'bookCounts'] });
    },
  });
}
