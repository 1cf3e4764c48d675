import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionState } from '@/lib/session';
import { type UserLocations, userLocationsQueryKey } from './get-user-locations';

/** PUT customerlocation/user/{userId}: replaces the user's locations in the current tenant (other tenants stay). */
export const updateUserLocations = ({ userId, locations }: { userId: string; locations: string[] }) =>
  api.put<UserLocations>(`customerlocation/user/${encodeURIComponent(userId)}`, { locations });

export function useUpdateUserLocations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserLocations,
    onSuccess: (saved, { userId }) =>
      queryClient.setQueryData(userLocationsQueryKey(getSessionState().currentTenant, userId), saved),
  });
}
