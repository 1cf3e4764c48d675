/** List state (page, sort, search, folder) kept in the address, so a reload or a shared link shows the same. */
import { useSearchParams } from 'react-router';

export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  /** Sets or (with null or '') removes parameters, replacing the history entry. */
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return [params, update] as const;
}
