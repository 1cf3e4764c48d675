import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE components/{id} (admins). */
export const deleteComponent = (id: string) => api.delete(`components/${encodeURIComponent(id)}`);

export function useDeleteComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComponent,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['components'] }),
  });
}
