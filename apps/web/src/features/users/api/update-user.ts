import type { User, UserAdminWrite } from '@pruefbuch/domain/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey } from './get-user';

export const updateUser = ({ id, data }: { id: string; data: UserAdminWrite }) =>
  api.put<User>(`users/admin/${encodeURIComponent(id)}`, data);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user, { id }) => {
      if (user && typeof user === 'object') queryClient.setQueryData(userQueryKey(id), user);
      void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
