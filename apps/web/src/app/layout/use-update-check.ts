import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface Health {
  status: string;
  version: string;
  database: string;
  build: string | null;
}

export const HEALTH_POLL_MS = 5 * 60_000;

export const getHealth = (signal?: AbortSignal) => api.get<Health>('health', { auth: false, signal });

/**
 * Polls GET health every 5 minutes and on window focus. A newer build is deployed when the server names a
 * build that is not the one compiled into this bundle. Under the dev server there is nothing to compare.
 */
export function useUpdateCheck() {
  const enabled = __BUILD_ID__ !== 'dev';
  const query = useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    enabled,
    staleTime: 0,
    retry: false,
    refetchInterval: HEALTH_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
  const build = query.data?.build ?? null;
  return { updateAvailable: enabled && build !== null && build !== __BUILD_ID__, checkedAt: query.dataUpdatedAt };
}
