import type { Db } from '../../db/client';
import { type JobLog, type Scheduler, startAlone } from '../../platform/jobs';
import { runRetention } from './retention.purge';

/**
 * The retention run (decision 059), daily at 03:10 Berlin, made up 15 minutes after a start when a day was
 * missed: purges the retired books past their retention that no legal hold keeps. Each run is a row in
 * job_runs (the admins' dashboard); each purged book a protocol row.
 */
export function scheduleRetention(
  scheduler: Pick<Scheduler, 'schedule'>,
  db: Db,
  deps: { fileRemovalGraceHours: number },
  log: JobLog,
  opts: { firstAfterMs?: number } = {},
) {
  scheduler.schedule('retention', { cron: '10 3 * * *', firstAfterMs: opts.firstAfterMs ?? 15 * 60_000 }, async () => {
    const r = await runRetention(db, { graceHours: deps.fileRemovalGraceHours });
    log.info({ ...r }, 'retention run');
  });
}

/** The retention run on its own in-process scheduler (tests). */
export const startRetentionJob = (
  db: Db,
  deps: { fileRemovalGraceHours: number },
  log: JobLog,
  opts: { firstAfterMs?: number } = {},
) => startAlone(db, log, 'retention', (s) => scheduleRetention(s, db, deps, log, opts));
