import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { api } from '@/lib/api-client';

export interface Health {
  status: string;
  version: string;
  database: boolean;
  build: string | null;
}

export const HEALTH_POLL_MS = 5 * 60_000;

export const getHealth = (signal?: AbortSignal) => api.get<Health>('health', { auth: false, signal });

/** After the first screen has painted: the worker's registration must not hold it up. */
const afterFirstScreen = (run: () => void) => {
  const idle = (window as { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number })
    .requestIdleCallback;
  if (idle) idle(run, { timeout: 3000 });
  else window.setTimeout(run, 1000);
};

/**
 * Whether a newer build is ready. Where the service worker runs (decision 060), its update decides: a
 * new build's worker installs in the background, precaches the new chunks and waits; the browser looks
 * for it on each navigation, and the app asks every 5 minutes and on focus. Where no worker runs, GET
 * health is polled as before: a newer build is deployed when the server names a build that is not the
 * one compiled into this bundle. Under the dev server there is nothing to compare.
 */
export function useUpdateCheck() {
  const enabled = __BUILD_ID__ !== 'dev';
  const [worker, setWorker] = useState<Workbox | null>(null);
  const [waitingAt, setWaitingAt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    afterFirstScreen(() => {
      void import('./service-worker')
        .then(({ registerServiceWorker }) => registerServiceWorker(() => setWaitingAt(Date.now())))
        .then((wb) => {
          if (!cancelled && wb) setWorker(wb);
        })
        .catch(() => undefined);
    });
    return () => {
      cancelled = true;
    };
  }, [enabled]);

  const polling = enabled && worker === null;
  const query = useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    enabled: polling,
    staleTime: 0,
    retry: false,
    refetchInterval: HEALTH_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
  const { refetch } = query;
  // TanStack Query refetches when the tab becomes visible again; a window that merely regains focus counts too.
  useEffect(() => {
    if (!enabled) return;
    const check = () => (worker ? void worker.update().catch(() => undefined) : void refetch());
    window.addEventListener('focus', check);
    const timer = worker ? window.setInterval(check, HEALTH_POLL_MS) : undefined;
    return () => {
      window.removeEventListener('focus', check);
      if (timer) window.clearInterval(timer);
    };
  }, [enabled, refetch, worker]);

  if (worker) return { updateAvailable: waitingAt > 0, checkedAt: waitingAt, worker };
  const build = query.data?.build ?? null;
  return {
    updateAvailable: polling && build !== null && build !== __BUILD_ID__,
    checkedAt: query.dataUpdatedAt,
    worker: null,
  };
}
