import { useEffect, useRef, useState } from 'react';

/** How long 'Aktualisiert um …' stays beside a list that read itself again. */
const REFRESH_HINT_MS = 60_000;

/**
 * Reads a list again when its change stamp moves (the offer and order lists poll `…/get/updatedAt`): the
 * first stamp is the baseline, every new one calls `refetch`. Answers the time of the last refresh for a
 * minute (the hint), else null.
 */
export function useRefreshOnChange(stamp: string | null, refetch: () => unknown): Date | null {
  const seen = useRef<string | null>(null);
  const [refreshedAt, setRefreshedAt] = useState<Date | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new stamp triggers this
  useEffect(() => {
    if (stamp === null) return;
    if (seen.current === null) {
      seen.current = stamp;
      return;
    }
    if (seen.current === stamp) return;
    seen.current = stamp;
    void refetch();
    setRefreshedAt(new Date());
  }, [stamp]);

  useEffect(() => {
    if (!refreshedAt) return;
    const timer = setTimeout(() => setRefreshedAt(null), REFRESH_HINT_MS);
    return () => clearTimeout(timer);
  }, [refreshedAt]);

  return refreshedAt;
}
