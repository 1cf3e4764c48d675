import type { BookType, BookTypeWrite } from '@pruefbuch/domain/schemas/booktype';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookTypeQueryKey } from './get-booktype';

/** POST booktype (admins). */
export const createBookType = (data: BookTypeWrite) => api.post<BookType>('booktype', data);

export function useCreateBookType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBookType,
    onSuccess: (bookType) => {
      queryClient.setQueryData(bookTypeQueryKey(bookType._id), bookType);
      void queryClient.invalidateQueries({ queryKey: ['booktypes'], predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}
