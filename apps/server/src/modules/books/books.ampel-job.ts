import type { Db } from '../../db/client';
import { refreshAmpels } from './books.schedule';

export const AMPEL_REFRESH_INTERVAL_MS = 60 * 60 * 1000;

interface Log {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/**
 * Keeps the stored ampels current while the server runs: once at start-up, then hourly, so a
 * due date that passes turns its book orange, red or black without anybody touching it. Call
 * stop() when the app closes. Started by main.ts only; tests call refreshAmpels directly.
 */
export function startAmpelRefresh(
  db: Db,
  log: Log,
  opts: { everyMs?: number /** Only this tenant's books (tests share a database). */; tenantId?: string } = {},
) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= refreshAmpels(db, { tenantId: opts.tenantId })
      .then((changed) => {
        if (changed > 0) log.info({ changed }, 'ampels refreshed');
      })
      .catch((err: unknown) => log.error({ err }, 'ampel refresh failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  void run();
  const timer = setInterval(run, opts.everyMs ?? AMPEL_REFRESH_INTERVAL_MS);
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
