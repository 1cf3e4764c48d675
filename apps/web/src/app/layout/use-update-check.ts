import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';

export interface Health {
  status: string;
  version: string;
  database: boolean;
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
  const { refetch } = query;
  // TanStack Query refetches when the tab becomes visible again; a window that merely regains focus counts too.
  useEffect(() => {
    if (!enabled) return;
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [enabled, refetch]);
  const build = query.data?.build ?? null;
  return { updateAvailable: enabled && build !== null && build !== __BUILD_ID__, checkedAt: query.dataUpdatedAt };
}
