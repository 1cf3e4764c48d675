import type { LoginReply } from '@pruefbuch/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
}

export const login = (input: LoginInput) => api.post<LoginReply>('users/login', input);

export const useLogin = () => useMutation({ mutationFn: login });
