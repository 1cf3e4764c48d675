import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const send2faDeactivationEmail = (input: { email: string }) =>
  api.post<unknown>('users/send2FaDeactivationEmail', input, { auth: false });

export const useSend2faDeactivationEmail = () => useMutation({ mutationFn: send2faDeactivationEmail });
