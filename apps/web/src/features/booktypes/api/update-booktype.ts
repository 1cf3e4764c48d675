import type { BookType, BookTypeUpdate } from '@pruefbuch/domain/schemas/booktype';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookTypeQueryKey } from './get-booktype';

/** PUT booktype/{id} with the __v it was read with; a stale one is a 409. */
export const updateBookType = ({ id, data }: { id: string; data: BookTypeUpdate }) =>
  api.put<BookType>(`booktype/${encodeURIComponent(id)}`, data);

export function useUpdateBookType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookType,
    onSuccess: (bookType) => {
      queryClient.setQueryData(bookTypeQueryKey(bookType._id), bookType);
      void queryClient.invalidateQueries({ queryKey: ['booktypes'], predicate: (q) => q.queryKey[1] !== 'detail' });
      // A book's page brings its type (and the checklists a new record starts with).
      void queryClient.invalidateQueries({ queryKey: ['books', 'dto'] });
    },
  });
}
