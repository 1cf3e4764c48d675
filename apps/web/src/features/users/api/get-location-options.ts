import type { customerLocationListReply } from '@pruefbuch/domain/schemas/customerlocation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

type LocationListReply = z.infer<typeof customerLocationListReply>;

/** The API's largest page: a retail customer's branches of one tenant fit in it. */
const ALL = 500;

/**
 * GET customerlocation?size=500&sort=znl: the current tenant's locations (inactive ones too) as the choices of a
 * branch user's assignment.
 */
export const getLocationOptions = (signal?: AbortSignal) =>
  api.get<LocationListReply>('customerlocation', {
    query: { page: 1, size: ALL, sort: 'znl', inactive: 'true' },
    signal,
  });

export const getLocationOptionsQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: ['users', 'locationOptions', tenant] as const,
    queryFn: ({ signal }) => getLocationOptions(signal),
    staleTime: 60_000,
  });

export function useLocationOptions() {
  const { currentTenant } = useSession();
  return useQuery({ ...getLocationOptionsQueryOptions(currentTenant), enabled: !!currentTenant });
}
