import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
  passwordConfirm: string;
}

export const changePassword = (input: ChangePasswordInput) => api.put<unknown>('users/changepassword', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
