/** A check that does not answer in time counts as failed (a hung database must not hang /ready). */
export async function withTimeout(check: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Pings the database in the background every few seconds, so /health reports it without waiting on
 * the pool (a liveness probe must answer while every connection is busy).
 */
export function watchDatabase(ping: () => Promise<boolean>, seen: (ok: boolean) => void, everyMs = 5_000) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    seen(await withTimeout(ping(), everyMs));
    running = false;
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
