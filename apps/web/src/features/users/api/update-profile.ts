import type { User, UserProfileWrite } from '@pruefbuch/domain/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey } from './get-user';

export const updateProfile = ({ id, data }: { id: string; data: UserProfileWrite }) =>
  api.put<User>(`users/${encodeURIComponent(id)}`, data);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user, { id }) => {
      if (user && typeof user === 'object') queryClient.setQueryData(userQueryKey(id), user);
      else void queryClient.invalidateQueries({ queryKey: userQueryKey(id) });
    },
  });
}
