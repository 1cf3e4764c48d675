import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const confirmAccount = (token: string) =>
  api.post<unknown>(`users/confirmation/${encodeURIComponent(token)}`, undefined, { auth: false });

export const useConfirmAccount = () => useMutation({ mutationFn: confirmAccount });
