import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const requestPasswordReset = (input: { email: string }) =>
  api.post<unknown>('users/reset', input, { auth: false });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
