import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deleteUser = (id: string) => api.delete(`users/${encodeURIComponent(id)}`);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: ['users', 'detail', id] });
      void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
