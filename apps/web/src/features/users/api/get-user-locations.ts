import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export interface UserLocations {
  locations: string[];
}

/** GET customerlocation/user/{userId}: the locations assigned to a branch user in the current tenant (admins). */
export const getUserLocations = (userId: string, signal?: AbortSignal) =>
  api.get<UserLocations>(`customerlocation/user/${encodeURIComponent(userId)}`, { signal });

export const userLocationsQueryKey = (tenant: string | null, userId: string) =>
  ['users', 'locations', tenant, userId] as const;

export const getUserLocationsQueryOptions = (tenant: string | null, userId: string) =>
  queryOptions({
    queryKey: userLocationsQueryKey(tenant, userId),
    queryFn: ({ signal }) => getUserLocations(userId, signal),
  });

export function useUserLocations(userId: string) {
  const { currentTenant } = useSession();
  return useQuery({ ...getUserLocationsQueryOptions(currentTenant, userId), enabled: !!currentTenant });
}
