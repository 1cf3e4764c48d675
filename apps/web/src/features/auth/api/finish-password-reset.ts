import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const finishPasswordReset = ({ key, password }: { key: string; password: string }) =>
  api.post<unknown>(`users/reset/${encodeURIComponent(key)}`, { password }, { auth: false });

export const useFinishPasswordReset = () => useMutation({ mutationFn: finishPasswordReset });
