import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const finish2fa = (input: { validationCode: string }) => api.post<unknown>('users/finish2fa', input);

export function useFinish2fa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finish2fa,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
