import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { QUALIFICATIONS_KEY, qualificationsPath } from './qualification-keys';

/** Deletes a qualification; the user's list and the matrix are read again. */
export function useDeleteQualification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, id }: { userId: string; id: string }) =>
      api.delete(`${qualificationsPath(userId)}/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUALIFICATIONS_KEY }),
  });
}
