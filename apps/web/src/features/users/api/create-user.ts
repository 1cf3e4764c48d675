import type { User, userCreateSchema } from '@pruefbuch/domain/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type UserCreate = z.output<typeof userCreateSchema>;

export const createUser = (data: UserCreate) => api.put<User>('users', data);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
