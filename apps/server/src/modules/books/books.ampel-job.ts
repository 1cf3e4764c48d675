import type { Db } from '../../db/client';
import { type JobLog, type Scheduler, startAlone } from '../../platform/jobs';
import { refreshAmpels } from './books.schedule';

/**
 * Keeps the stored ampels current: every hour on the hour, so a due date that passes turns its book
 * orange, red or black without anybody touching it; after start-up at once when an hour was left out
 * (the servers were down). Registered by main.ts; tests call refreshAmpels directly.
 */
export function scheduleAmpelRefresh(
  scheduler: Pick<Scheduler, 'schedule'>,
  db: Db,
  log: JobLog,
  opts: { everyMs?: number /** Only this tenant's books (tests share a database). */; tenantId?: string } = {},
) {
  scheduler.schedule(
    'ampel-refresh',
    opts.everyMs ? { everyMs: opts.everyMs, firstAfterMs: 0 } : { cron: '0 * * * *', firstAfterMs: 0 },
    async () => {
      const changed = await refreshAmpels(db, { tenantId: opts.tenantId });
      if (changed > 0) log.info({ changed }, 'ampels refreshed');
    },
  );
}

/** The refresh on its own in-process scheduler (tests). */
export const startAmpelRefresh = (db: Db, log: JobLog, opts: { everyMs?: number; tenantId?: string } = {}) =>
  startAlone(db, log, 'ampel-refresh', (s) => scheduleAmpelRefresh(s, db, log, opts));
