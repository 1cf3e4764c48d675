import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deactivate2faByToken = (token: string) =>
  api.post<unknown>(`users/deactivate2fa/${encodeURIComponent(token)}`, undefined, { auth: false });

export const useDeactivate2faByToken = () => useMutation({ mutationFn: deactivate2faByToken });
