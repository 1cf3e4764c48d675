import type { User, userRegisterSchema } from '@pruefbuch/domain/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type UserRegister = z.output<typeof userRegisterSchema>;

export const registerUser = (data: UserRegister) => api.post<User>('users/signup', data);

export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
