import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deactivate2fa = (input: { validationCode: string }) => api.post<unknown>('users/deactivate2fa', input);

export function useDeactivate2fa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivate2fa,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
