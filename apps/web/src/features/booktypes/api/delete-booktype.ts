import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookTypeQueryKey } from './get-booktype';

/** DELETE booktype/{id} (admins). */
export const deleteBookType = (id: string) => api.delete(`booktype/${encodeURIComponent(id)}`);

export function useDeleteBookType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBookType,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: bookTypeQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['booktypes'] });
    },
  });
}
