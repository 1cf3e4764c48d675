/**
 * Lookups shared while they run: a call with the key of a lookup still under way gets that lookup's
 * answer (or its error) instead of starting another one; once it has answered, the key is free again and
 * nothing is kept.
 */
export function sharedWhileRunning<T>() {
  const running = new Map<string, Promise<T>>();
  return (key: string, lookup: () => Promise<T>): Promise<T> => {
    const known = running.get(key);
    if (known) return known;
    const started = lookup().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
